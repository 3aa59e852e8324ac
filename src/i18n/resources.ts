import common from '../../locales/en/common.json'
import feedback from '../../locales/en/feedback.json'
import home from '../../locales/en/home.json'
import notFound from '../../locales/en/notFound.json'
import pricing from '../../locales/en/pricing.json'
import voice from '../../locales/en/voice.json'
import waitlist from '../../locales/en/waitlist.json'

/** English resources: the source of truth for keys (typed through `CustomTypeOptions`). */
export const enResources = { common, home, pricing, notFound, waitlist, feedback, voice } as const

/** Namespaces, one per `locales/<lng>/<ns>.json` file. */
export type Namespace = keyof typeof enResources
export const NAMESPACES = Object.keys(enResources) as Namespace[]

/**
 * Every locale's resources, `{ [lng]: { [ns]: json } }`. English is always bundled (the typed source of
 * truth). Pre-rendering reads every language from `locales/` at build time; in the browser another language
 * is fetched by {@link loadLanguage} before hydration, so a page ships only its own copy.
 */
export const allResources: Record<string, Record<string, Record<string, unknown>>> = { en: { ...enResources } }

const addModule = (file: string, json: Record<string, unknown>) => {
  const m = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file)
  if (!m) return
  const [, lng, ns] = m as unknown as [string, string, string]
  ;(allResources[lng] ??= {})[ns] = json
}

// `voiceCall.json` is the voice widget's in-call copy, which the widget loads itself (src/voice/widget/mount.ts).
if (import.meta.env.SSR) {
  const eager = import.meta.glob<{ default: Record<string, unknown> }>(
    ['../../locales/{en,hi}/*.json', '!../../locales/*/voiceCall.json'],
    { eager: true },
  )
  for (const [file, mod] of Object.entries(eager)) addModule(file, mod.default)
}

// The site's languages only (locale.ts `LANGUAGES`): the widget's other languages (locales/<lng>/ with the two
// voice files alone) are the embed's, and each would add a loader to this bundle.
const lazyModules = import.meta.glob<{ default: Record<string, unknown> }>([
  '../../locales/{en,hi}/*.json',
  '!../../locales/en/*.json',
  '!../../locales/*/voiceCall.json',
])

/** Fetches a language's JSON files (one chunk each) into {@link allResources}; a no-op when present. */
export async function loadLanguage(lng: string): Promise<void> {
  if (allResources[lng]) return
  const files = Object.keys(lazyModules).filter((f) => f.includes(`/locales/${lng}/`))
  const loaded = await Promise.all(files.map(async (f) => [f, (await lazyModules[f]!()).default] as const))
  for (const [f, json] of loaded) addModule(f, json)
}
