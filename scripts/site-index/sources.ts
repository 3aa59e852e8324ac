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

/** The URL a built file is served at: `a/index.html` → `/a/`, `a.html` → `/a`, `404.html` is not a page. */
export function urlOfFile(file: string, origin: string): string | null {
  if (/(^|\/)404\.html$/.test(file)) return null
  const path = file.endsWith('index.html') ? file.slice(0, -'index.html'.length) : file.slice(0, -'.html'.length)
  return new URL(`/${path}`, origin).href
}
