import { getI18n, type Language } from '../../i18n'

const files = import.meta.glob<Record<string, unknown>>('../../../locales/*/*.json', { import: 'default' })

/**
 * Story loader: makes sure `lng`'s copy is in its i18next instance before the story renders. The site
 * fetches a non-English language before hydration; Storybook has no such step, so stories in another
 * language call this (a no-op when the copy is already there).
 */
export function loadStoryLocale(lng: Language) {
  return async (): Promise<Record<string, never>> => {
    const i18n = getI18n(lng)
    const mine = Object.entries(files).filter(([f]) => f.includes(`/locales/${lng}/`))
    await Promise.all(
      mine.map(async ([f, load]) => {
        const ns = /\/([^/]+)\.json$/.exec(f)?.[1]
        if (ns && !i18n.hasResourceBundle(lng, ns)) i18n.addResourceBundle(lng, ns, await load(), true, true)
      }),
    )
    return {}
  }
}
