/**
 * One page's searchable content: its main content only (Mozilla's Readability on a linkedom document — the
 * reader-view algorithm of Firefox — so navigation, header, footer, sidebars and cookie banners stay out), split
 * by headings into sections with their anchors, in the page's language (`<html lang>`), plus what the crawler
 * must obey (`<meta name="robots" content="noindex">`, `<link rel="canonical">`).
 * @module
 */
import { Readability } from '@mozilla/readability'
import { parseHTML } from 'linkedom'

/** One section of a page: the text under one heading (the first section is the text before any heading). */
export interface PageSection {
  /** The heading's text ('' for the text before the first heading). */
  heading: string
  /** The heading's fragment id (`id` of the heading, of an anchor inside it or of the section it opens), or ''. */
  anchor: string
  /** Heading level 1–6; 0 for the text before the first heading. */
  level: number
  /** The section's text, blocks separated by newlines, whitespace collapsed. */
  text: string
}

/** What {@link extractPage} finds in one HTML document. */
export interface ExtractedPage {
  /** The page's title (Readability's: `<title>` less the site name, or the main heading). */
  title: string
  /** Primary language subtag of `<html lang>`, lower case (`en`, `hi`); `unknown` when absent. */
  lang: string
  /** `<meta name="robots"|"voiceos" content="…noindex…">`. */
  noindex: boolean
  /** The absolute URL of `<link rel="canonical">`, or `null`. */
  canonical: string | null
  /** The main content's sections, in reading order; empty sections are dropped. */
  sections: PageSection[]
  /** Same-origin and other links of the whole page (absolute, without fragment), for a crawl. */
  links: string[]
  /**
   * A generated listing page: its path is a generator's listing ({@link isListingPath}) or its main content is
   * mostly links ({@link LISTING_LINK_SHARE}). It is indexed, but ranks only when no other page matches.
   */
  listing: boolean
}

/**
 * Selectors removed before extraction, whatever Readability would decide: chrome that is never main content, and
 * visitors' comments under a post (WordPress's comment blocks and the classic themes' `comments-area`): they are
 * not the site's own words, and on a short post Readability would take them for the article.
 */
const CHROME =
  'script, style, noscript, template, nav, footer, aside, dialog, form, iframe, svg, [role="navigation"], [role="banner"], [role="contentinfo"], [role="complementary"], [role="search"], [aria-hidden="true"], [hidden], [class*="skip-link" i], [class*="screen-reader-text" i], [data-voice-ignore], [data-pagefind-ignore], .wp-block-comments, .comments-area, .comment-respond, #comments, #respond'

/**
 * Cookie and consent banners, named so by their id or class (`#cookie-law-info-bar`, `#onetrust-consent-sdk`,
 * `.cookie-notice`). Removed only outside the content ({@link CONTENT_ROOT}) and when they hold none of it: a
 * banner is written beside the page (WordPress plugins put it after the footer), while documentation names its own
 * sections and entries after their subject — Sphinx's `<section id="module-http.cookies">` (the whole of Python's
 * `http.cookies` page), Django's `div#s-session-cookie-age` and `dt#django.http.HttpResponse.set_cookie`.
 */
const COOKIE_BANNER = '[id*="cookie" i], [class*="cookie" i], [id*="consent" i], [class*="consent" i]'

/** Elements that hold a page's content: a banner is never one of them, inside one or around one. */
const CONTENT_ROOT = 'main, [role="main"], article'

/**
 * A `<header>` is the page's banner, and chrome, unless it is inside an article, the main content or a section,
 * where it is that part's own header (HTML-AAM: `header` maps to `banner` only when scoped to the body). Docusaurus
 * writes every doc page's title so: `<article><div class="theme-doc-markdown markdown"><header><h1>…`.
 */
const SCOPED_HEADER = `${CONTENT_ROOT}, section`

/**
 * A heading's permalink: a link inside it to its own fragment whose text is a glyph or nothing — Sphinx's and
 * MkDocs' `headerlink` (¶), Docusaurus' `hash-link` (#), VitePress' `header-anchor` (#). Its text is not part of
 * the heading; its fragment is the heading's anchor.
 */
const PERMALINK = 'a[href^="#"]'
const isPermalink = (a: Element) =>
  (a.getAttribute('href') ?? '').length > 1 && (a.textContent ?? '').trim().length <= 2

/** Separators between a page's name and the site's in `<title>`: WordPress' –, Sphinx's —, and | - · » / : */
const TITLE_SEPARATOR = /^\s+[|\-–—·•»/\\:]\s+/

/** Least share of the page's text the main heading's parent must hold to be taken as the main content. */
const HEADING_ROOT_SHARE = 0.5

const HEADING = /^H([1-6])$/
const BLOCK =
  /^(P|LI|DT|DD|TD|TH|PRE|BLOCKQUOTE|FIGCAPTION|H[1-6]|DIV|SECTION|ARTICLE|TR|UL|OL|DL|TABLE|MAIN|FIGURE|DETAILS|SUMMARY)$/

/**
 * Inline elements that stand apart on the rendered page (links, buttons, form controls and their labels): rendered
 * side by side with a margin or a flex gap but no whitespace between them in the markup, as component frameworks
 * write them, their words must not run together ("Report an IssueSuggest an Idea").
 */
const SEPARATE = /^(A|BUTTON|LABEL|INPUT|SELECT|TEXTAREA|OUTPUT|IMG)$/

/** Whether `before` and `after` would run into one word: a letter or digit on both sides of the join. */
const WORD_EDGE_BEFORE = /[\p{L}\p{N}]$/u
const WORD_EDGE_AFTER = /^[\p{L}\p{N}]/u

const squash = (s: string) => s.replace(/\s+/g, ' ').trim()

/** Primary language subtag of a `lang` value (`en-GB` → `en`), or `unknown`. */
export function primaryLanguage(lang: string | null | undefined): string {
  const m = /^\s*([a-z]{2,3})(?:[-_]|$)/i.exec(lang ?? '')
  return m ? m[1]!.toLowerCase() : 'unknown'
}

/**
 * Extracts a page's main content, its sections and its crawl directives.
 * @param html - the document as served (UTF-8 text).
 * @param url - where it was fetched from (absolute): links and the canonical URL resolve against it (or `<base>`).
 */
export function extractPage(html: string, url: string): ExtractedPage {
  const { document } = parseHTML(html)
  const base = (() => {
    const href = document.querySelector('base[href]')?.getAttribute('href')
    try {
      return href ? new URL(href, url).href : url
    } catch {
      return url
    }
  })()
  const abs = (href: string | null | undefined): string | null => {
    if (!href) return null
    try {
      const u = new URL(href, base)
      u.hash = ''
      return u.href
    } catch {
      return null
    }
  }
  const robots = [...document.querySelectorAll('meta[name]')]
    .filter((m) => /^(robots|voiceos)$/i.test(m.getAttribute('name') ?? ''))
    .map((m) => (m.getAttribute('content') ?? '').toLowerCase())
  const noindex = robots.some((c) => /\b(noindex|none)\b/.test(c))
  const canonicalEl = [...document.querySelectorAll('link[rel][href]')].find((l) =>
    (l.getAttribute('rel') ?? '').toLowerCase().split(/\s+/).includes('canonical'),
  )
  const canonical = abs(canonicalEl?.getAttribute('href'))
  const links = [
    ...new Set(
      [...document.querySelectorAll('a[href]')]
        .filter((a) => !/\bnofollow\b/i.test(a.getAttribute('rel') ?? '') && !a.hasAttribute('download'))
        .map((a) => abs(a.getAttribute('href')))
        .filter((h): h is string => h !== null && /^https?:/.test(h)),
    ),
  ]
  const lang = primaryLanguage(document.documentElement.getAttribute('lang'))
  const docTitle = squash(document.querySelector('title')?.textContent ?? '')

  for (const el of [...document.querySelectorAll(CHROME)]) el.remove()
  for (const el of [...document.querySelectorAll('header')])
    if (el.isConnected && !el.parentElement?.closest(SCOPED_HEADER)) el.remove()
  for (const el of [...document.querySelectorAll(COOKIE_BANNER)])
    if (el.isConnected && !el.closest(CONTENT_ROOT) && !el.querySelector(`${CONTENT_ROOT}, h1`)) el.remove()
  // The page's main heading: in the main landmark or article; else the h1 the title names (a header's h1 is often
  // the site's name: Sphinx themes put "Django documentation" in one); else the first h1.
  const h1s = [...document.querySelectorAll('h1')]
  const titleParts = splitTitle(docTitle).map((t) => t.toLowerCase())
  const mainH1 =
    document.querySelector('main h1, [role="main"] h1, article h1') ??
    h1s.find((h) => headingText(h).toLowerCase() === titleParts[0]) ??
    h1s.find((h) => titleParts.length < 2 || headingText(h).toLowerCase() !== titleParts[1]) ??
    h1s[0] ??
    null
  const mainHeading = mainH1 ? headingText(mainH1) : ''
  // The main content, cheapest rule first: the author's main landmark (`<main>`, `role="main"`); else the element
  // holding the main heading when it holds at least HEADING_ROOT_SHARE of the page's text (Sphinx's section
  // `div`); else Mozilla's Readability (the reader view's scoring of prose blocks), which costs most.
  const landmark = document.querySelector('main') ?? document.querySelector('[role="main"]')
  const headingParent = mainH1?.parentElement
  const headingRoot =
    !landmark &&
    headingParent &&
    headingParent !== document.body &&
    headingParent !== document.documentElement &&
    squash(headingParent.textContent ?? '').length >=
      HEADING_ROOT_SHARE * squash(document.body?.textContent ?? '').length
      ? headingParent
      : null
  let root: Element | null = landmark ?? headingRoot
  let articleTitle = ''
  if (!root) {
    const article = (() => {
      try {
        // Readability mutates the document it is given; links and directives were read above.
        return new Readability(document, { charThreshold: 200, keepClasses: false }).parse()
      } catch {
        return null
      }
    })()
    articleTitle = squash(article?.title ?? '')
    if (article?.content) root = parseHTML(`<!doctype html><html><body>${article.content}</body></html>`).document.body
  }
  if (!root || squash(root.textContent ?? '').length === 0) root = document.querySelector(CONTENT_ROOT) ?? document.body
  const title =
    pageName(docTitle, mainHeading) || articleTitle || docTitle || squash(root?.querySelector('h1')?.textContent ?? '')

  const path = new URL(url).pathname
  const listing =
    isListingPath(path) ||
    (root
      ? linkDense(root) ||
        sourceListing(root) ||
        (SEARCH_PATH.test(path) && squash(root.textContent ?? '').length <= SEARCH_PAGE_MAX_CHARS)
      : false)
  return { title, lang, noindex, canonical, sections: root ? sectionsOf(root) : [], links, listing }
}

/**
 * Paths of the pages generators write to list other pages, not to say anything: Sphinx's `genindex` and
 * `py-modindex`; tag, category, author and date archives and their pagination (WordPress, Hugo, Jekyll,
 * Docusaurus' blog). A page at a search path is one only when it says little ({@link SEARCH_PAGE_MAX_CHARS}).
 */
const LISTING_PATH =
  /(^|\/)(genindex(-[\w]+)?|[\w-]*modindex|tags?|categor(y|ies)|archives?|authors?|sitemap)(\.html?|\/)?$|\/(tags?|categor(y|ies)|archives?|authors?)\/|\/page\/\d+\/?$|\/\d{4}\/(\d{2}\/)?$/i

/** Paths of a site's search page (Sphinx's and MkDocs' `search.html`, `/search/`, `searchindex`). */
const SEARCH_PATH = /(^|\/)(search|searchindex)(\.html?|\/)?$/i

/**
 * Most characters of main content a page at a {@link SEARCH_PATH} holds when it is the site's search page: a
 * generated one is a form and how to use it (Sphinx: "Please activate JavaScript to enable the search
 * functionality…", under 300), and its form is chrome. A page there with more says something ("Full text
 * search" in Django's reference, `ref/contrib/postgres/search.html`) and is an answer like any other.
 */
export const SEARCH_PAGE_MAX_CHARS = 1_000

/** Whether a page's path is a generated listing's ({@link LISTING_PATH}). */
export function isListingPath(path: string): boolean {
  return LISTING_PATH.test(path)
}

/** Least share of the main content's text inside links, with {@link LISTING_MIN_LINKS}, that makes it a listing. */
export const LISTING_LINK_SHARE = 0.6
/** Fewest links of a link-dense listing (a short page of two links is not one). */
export const LISTING_MIN_LINKS = 20

/**
 * Whether the main content is mostly links (a term index, a table of contents, an archive): at least
 * {@link LISTING_MIN_LINKS} links whose text is at least {@link LISTING_LINK_SHARE} of all its text — link density,
 * the measure boilerplate detection uses (Kohlschütter et al., "Boilerplate Detection using Shallow Text
 * Features", WSDM 2010).
 */
function linkDense(root: Element): boolean {
  const links = [...root.querySelectorAll('a[href]')]
  if (links.length < LISTING_MIN_LINKS) return false
  const total = squash(root.textContent ?? '').length
  if (total === 0) return false
  const linked = links.reduce((sum, a) => sum + squash(a.textContent ?? '').length, 0)
  return linked / total >= LISTING_LINK_SHARE
}

/** Least share of the main content's text in one `<pre>` that makes it a source listing ({@link sourceListing}). */
export const SOURCE_LISTING_CODE_SHARE = 0.8
/** Fewest characters in that `<pre>` (a short page with one example is not a source listing). */
export const SOURCE_LISTING_MIN_CHARS = 1_000

/**
 * Whether the main content is a generated view of source code — Sphinx's `viewcode` pages ("Source code for …"),
 * Doxygen's and JSDoc's source browsers: one `<pre>` of at least {@link SOURCE_LISTING_MIN_CHARS} characters making
 * at least {@link SOURCE_LISTING_CODE_SHARE} of its text (a page of many examples, or of licence texts each in its
 * own block, is not one). The pages that explain that code answer a visitor first.
 */
function sourceListing(root: Element): boolean {
  const total = squash(root.textContent ?? '').length
  if (total < SOURCE_LISTING_MIN_CHARS) return false
  let code = 0
  for (const pre of root.querySelectorAll('pre')) code = Math.max(code, squash(pre.textContent ?? '').length)
  return code >= SOURCE_LISTING_MIN_CHARS && code / total >= SOURCE_LISTING_CODE_SHARE
}

/** A `<title>`'s parts around its first separator ({@link TITLE_SEPARATOR}): `[page, site]`, or the whole title. */
function splitTitle(title: string): string[] {
  const m = /\s+[|\-–—·•»/\\:]\s+/.exec(title)
  return m ? [title.slice(0, m.index).trim(), title.slice(m.index + m[0].length).trim()] : [title]
}

/**
 * The page's own name from `<title>`: the main heading when the title is that heading plus the site's name
 * before or after a separator ("Hello world! – My WordPress Website", "Sphinx FAQ — Sphinx documentation");
 * '' when the title is not of that shape (Readability's title is used then).
 */
function pageName(docTitle: string, heading: string): string {
  if (!docTitle || !heading) return ''
  const t = docTitle.toLowerCase()
  const h = heading.toLowerCase()
  if (t === h) return heading
  if (t.startsWith(h) && TITLE_SEPARATOR.test(docTitle.slice(heading.length))) return heading
  if (t.endsWith(h)) {
    const before = docTitle.slice(0, docTitle.length - heading.length)
    if (/\s+[|\-–—·•»/\\:]\s+$/.test(before)) return heading
  }
  return ''
}

/** A heading's text without its permalink glyph. */
function headingText(h: Element): string {
  const copy = h.cloneNode(true) as Element
  for (const a of [...copy.querySelectorAll(PERMALINK)]) if (isPermalink(a)) a.remove()
  return squash(copy.textContent ?? '')
}

/** An element with no text of its own (an empty target such as `<span id="…"></span>`). */
const isEmpty = (el: Element) => !(el.textContent ?? '').trim()

/**
 * The fragment id a heading can be linked to: its own; an id or `name` inside it; its permalink's fragment; the
 * id of the section it opens (empty targets may stand before it, as Sphinx's `<span id>` labels do); or the id of
 * an empty target just before it.
 */
function anchorOf(h: Element): string {
  const own = h.getAttribute('id')
  if (own) return own
  const inner = h.querySelector('[id], a[name]')
  const innerId = inner?.getAttribute('id') ?? inner?.getAttribute('name')
  if (innerId) return innerId
  const permalink = [...h.querySelectorAll(PERMALINK)].find(isPermalink)
  if (permalink) {
    const fragment = permalink.getAttribute('href')!.slice(1)
    try {
      return decodeURIComponent(fragment)
    } catch {
      return fragment
    }
  }
  const parent = h.parentElement
  if (parent?.getAttribute('id')) {
    let first = parent.firstElementChild
    while (first && first !== h && isEmpty(first)) first = first.nextElementSibling
    if (first === h) return parent.getAttribute('id')!
  }
  const prev = h.previousElementSibling
  if (prev && isEmpty(prev)) return prev.getAttribute('id') ?? prev.getAttribute('name') ?? ''
  return ''
}

/** Splits the main content by its headings (document order), text blocks on their own lines. */
function sectionsOf(root: Element): PageSection[] {
  const sections: PageSection[] = []
  let current: PageSection = { heading: '', anchor: '', level: 0, text: '' }
  let line = ''
  // Set at the edges of a SEPARATE element: the next text is joined with a space if it would run into a word.
  let edge = false
  const flush = () => {
    const t = squash(line)
    if (t) current.text = current.text ? `${current.text}\n${t}` : t
    line = ''
    edge = false
  }
  const append = (text: string) => {
    if (edge && WORD_EDGE_BEFORE.test(line) && WORD_EDGE_AFTER.test(text)) line += ' '
    if (text) edge = false
    line += text
  }
  const walk = (node: Node) => {
    for (const child of [...node.childNodes]) {
      if (child.nodeType === 3) {
        append(child.textContent ?? '')
        continue
      }
      if (child.nodeType !== 1) continue
      const el = child as Element
      const m = HEADING.exec(el.tagName)
      if (m) {
        flush()
        if (current.text || current.heading) sections.push(current)
        current = { heading: headingText(el), anchor: anchorOf(el), level: Number(m[1]), text: '' }
        continue
      }
      if (el.tagName === 'BR') {
        flush()
        continue
      }
      const block = BLOCK.test(el.tagName)
      const separate = SEPARATE.test(el.tagName)
      if (block) flush()
      if (separate) edge = true
      walk(el)
      if (separate) edge = true
      if (block) flush()
    }
  }
  walk(root)
  flush()
  if (current.text || current.heading) sections.push(current)
  return sections.filter((s) => s.text !== '' || s.heading !== '')
}
