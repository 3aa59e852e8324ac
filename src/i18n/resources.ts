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

const modules = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/*.json', { eager: true })

/** Every locale's resources, `{ [lng]: { [ns]: json } }`, read from `locales/` at build time. */
export const allResources: Record<string, Record<string, Record<string, unknown>>> = {}
for (const [file, mod] of Object.entries(modules)) {
  const m = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file)
  if (!m) continue
  const [, lng, ns] = m as unknown as [string, string, string]
  ;(allResources[lng] ??= {})[ns] = mod.default
}
