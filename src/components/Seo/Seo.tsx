import { createContext, useContext } from 'react'
import { Head } from 'vite-react-ssg'
import { siteConfig } from '../../config/site'
import { LANGUAGES, localePath } from '../../i18n'
import { useLanguage } from '../../hooks/useLanguage'

/**
 * Whether `<Seo>` writes to the document head. vite-react-ssg provides the head manager for the site;
 * Storybook has none and sets this to `false` (page stories then render without head tags).
 */
export const SeoHeadContext = createContext(true)

export interface SeoProps {
  /** `<title>` and og/twitter title. */
  title: string
  /** Meta description (aim for 120–160 characters). */
  description: string
  /** Language-neutral path of the page, e.g. `/pricing`; gives the canonical URL and hreflang alternates. */
  path: string
  /** Adds `noindex` (the 404 page). @default false */
  noIndex?: boolean
}

/**
 * Per-page `<head>`: title, description, canonical URL, `hreflang` alternates, Open Graph and Twitter card
 * tags, and `<html lang>`. Pre-rendered into each page by vite-react-ssg (react-helmet-async).
 */
export function Seo({ title, description, path, noIndex = false }: SeoProps) {
  const { lng } = useLanguage()
  const enabled = useContext(SeoHeadContext)
  if (!enabled) return null
  const url = `${siteConfig.siteUrl}${localePath(lng, path)}`
  const image = `${siteConfig.siteUrl}/og-image.png`
  return (
    <Head>
      <html lang={lng} />
      <title>{title}</title>
      <meta name="description" content={description} />
      {noIndex ? <meta name="robots" content="noindex" /> : <link rel="canonical" href={url} />}
      {!noIndex &&
        LANGUAGES.map((l) => (
          <link key={l} rel="alternate" hrefLang={l} href={`${siteConfig.siteUrl}${localePath(l, path)}`} />
        ))}
      {!noIndex && <link rel="alternate" hrefLang="x-default" href={`${siteConfig.siteUrl}${path}`} />}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content="VoiceOS" />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={image} />
      <meta property="og:locale" content={lng === 'en' ? 'en_IN' : `${lng}_IN`} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={image} />
    </Head>
  )
}
