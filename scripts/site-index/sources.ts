/**
 * Where the site index's pages come from (README "Site search"): a sitemap (following sitemap index files, with
 * each URL's `lastmod`) or a folder of built HTML (each file's URL as a static host serves it). The crawl's link
 * following lives in ./indexer.ts, beside the fetching it shares with indexing.
 * @module
 */
import { readdir } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import { DOMParser } from 'linkedom'
import type { Fetcher } from './fetcher'

/** Most URLs read from sitemaps (the sitemap protocol's per-file limit). */
export const MAX_SITEMAP_URLS = 50_000
/** Most levels of sitemap index files followed. */
const MAX_SITEMAP_DEPTH = 3

/** Why a sitemap (or a sitemap it lists) was not read (a subset of ./indexer.ts `SkipReason`). */
export type SitemapSkip = '4xx' | '5xx' | 'network' | 'off origin'

/** A page waiting to be indexed. */
export interface Candidate {
  url: string
  lastmod: string | null
}

/** `href` without its fragment (one page, one URL). */
export const normalize = (href: string): string => {
  const u = new URL(href)
  u.hash = ''
  return u.href
}

/** The URLs (and `lastmod`s) of a sitemap, following sitemap index files. */
export async function readSitemap(
  fetcher: Fetcher,
  url: string,
  origin: string,
  skip: (url: string, reason: SitemapSkip, detail?: string) => void,
  depth = 0,
  out: Candidate[] = [],
): Promise<Candidate[]> {
  const res = await fetcher.get(url, origin)
  if (!res.ok) {
    skip(url, res.kind === 'status' ? (res.status >= 500 ? '5xx' : '4xx') : 'network', 'sitemap')
    return out
  }
  const xml = new DOMParser().parseFromString(res.body, 'text/xml') as unknown as Document
  const locOf = (el: Element) => (el.getElementsByTagName('loc')[0]?.textContent ?? '').trim()
  const lastmodOf = (el: Element) => (el.getElementsByTagName('lastmod')[0]?.textContent ?? '').trim() || null
  for (const sm of [...xml.getElementsByTagName('sitemap')]) {
    const loc = locOf(sm)
    if (!loc || depth >= MAX_SITEMAP_DEPTH) continue
    let abs: string
    try {
      abs = normalize(new URL(loc, url).href)
    } catch {
      continue
    }
    if (new URL(abs).origin !== origin) skip(abs, 'off origin', 'sitemap')
    else await readSitemap(fetcher, abs, origin, skip, depth + 1, out)
  }
  for (const u of [...xml.getElementsByTagName('url')]) {
    if (out.length >= MAX_SITEMAP_URLS) break
    const loc = locOf(u)
    if (!loc) continue
    try {
      out.push({ url: normalize(new URL(loc, url).href), lastmod: lastmodOf(u) })
    } catch {
      /* not a URL */
    }
  }
  return out
}

/** Every `.html` file under `dir`, as a path relative to it with `/` separators. */
export async function htmlFiles(dir: string): Promise<string[]> {
  const out: string[] = []
  const walk = async (d: string) => {
    for (const e of await readdir(d, { withFileTypes: true })) {
      const p = join(d, e.name)
      if (e.isDirectory()) {
        if (!e.name.startsWith('.') && e.name !== 'node_modules') await walk(p)
      } else if (e.name.endsWith('.html')) out.push(relative(dir, p).split(sep).join('/'))
    }
  }
  await walk(dir)
  return out.sort()
}

/**
 * The URL of the folder a site is served from, ending in `/`: `https://example.org` → `https://example.org/`,
 * `https://docs.python.org/3.11` → `https://docs.python.org/3.11/` (a folder's URL without its slash names the
 * folder, as static hosts redirect it); query and fragment dropped.
 * @throws TypeError when `url` is not an absolute URL
 */
export function folderUrl(url: string): string {
  const u = new URL(url)
  u.search = ''
  u.hash = ''
  if (!u.pathname.endsWith('/')) u.pathname += '/'
  return u.href
}

/**
 * The URL a plain static host serves a built file at, under the folder's URL `base` ({@link folderUrl}):
 * `a/index.html` → `<base>a/`, `a.html` → `<base>a.html` (the file's own name: a host maps a path to a file, not the
 * other way); `404.html` is not a page (null).
 */
export function staticUrlOfFile(file: string, base: string): string | null {
  if (/(^|\/)404\.html$/.test(file)) return null
  const path = /(^|\/)index\.html$/.test(file) ? file.slice(0, -'index.html'.length) : file
  return new URL(path.split('/').map(encodeURIComponent).join('/'), folderUrl(base)).href
}

/**
 * The URL a built file is served at, as the site's own links say ({@link staticUrlOfFile} otherwise): `a.html` is
 * `<base>a` when the site links to `/a` and never to `/a.html` (a host serving "clean URLs": Netlify's pretty URLs,
 * Vercel's `cleanUrls`, Cloudflare Pages); a folder's `index.html` is always the folder (`/a/`).
 * @param linked - the paths the site's pages link to (decoded as `URL.pathname` gives them)
 */
export function servedUrlOfFile(file: string, base: string, linked: ReadonlySet<string>): string {
  const url = staticUrlOfFile(file, base)!
  const path = new URL(url).pathname
  if (!path.endsWith('.html')) return url
  const clean = path.slice(0, -'.html'.length)
  return linked.has(clean) && !linked.has(path) ? new URL(clean, url).href : url
}

/**
 * The URL a page is indexed under, from the URL it was read at and its `<link rel="canonical">`: a canonical on the
 * same origin is the page's own choice of URL (two URLs of one page meet there); one that is not http(s) (`file://`,
 * as documentation packages install it), on another origin (a copy or preview naming its original) or missing is
 * ignored, and the page is indexed where it was read. The widget ignores the same canonicals
 * (src/voice/search/siteSearch.ts).
 */
export function canonicalUrl(readAt: string, canonical: string | null, origin: string): string {
  if (!canonical) return readAt
  try {
    const c = new URL(canonical)
    return (c.protocol === 'http:' || c.protocol === 'https:') && c.origin === origin ? c.href : readAt
  } catch {
    return readAt
  }
}
