/**
 * Parsing of built pages and chunks, shared by the build (scripts/postbuild.ts trims modulepreloads) and
 * the size budgets (bench/lib/bundle.ts, tests/e2e/budget.spec.ts), so both read a page the same way.
 */

/** The static (non-`import()`) relative imports of a minified ES module chunk, as written (`./x.js`). */
export function staticImports(code: string): string[] {
  const out = new Set<string>()
  const patterns = [
    // import x from"./a.js" · import{a as b}from"./a.js" · import*as n from"./a.js" · import x,{y}from"./a.js"
    /(?<![\w$.])import\s*(?:[\w$]+\s*,?\s*)?(?:\*\s*as\s*[\w$]+|\{[\w$\s,]*\})?\s*from\s*(["'])(\.{1,2}\/[^"']+)\1/g,
    // import"./a.js"  (side effect)
    /(?<![\w$.])import\s*(["'])(\.{1,2}\/[^"']+)\1/g,
    // export*from"./a.js" · export{a}from"./a.js" · export*as n from"./a.js"
    /(?<![\w$.])export\s*(?:\*\s*(?:as\s+[\w$]+\s*)?|\{[\w$\s,]*\}\s*)from\s*(["'])(\.{1,2}\/[^"']+)\1/g,
  ]
  for (const re of patterns) for (const m of code.matchAll(re)) out.add(m[2] as string)
  return [...out]
}

/**
 * `src` of the page's module entry scripts, `href` of its modulepreloads and of the chunks it prefetches for
 * hydration (`<template id="app-prefetch">`, scripts/postbuild.ts), as dist-relative paths.
 */
export function pageScripts(html: string): { entries: string[]; preloads: string[]; prefetches: string[] } {
  const attr = (tag: string, name: string) => new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`, 'i').exec(tag)?.[1]
  const entries: string[] = []
  const preloads: string[] = []
  const prefetches: string[] = []
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attr(tag, 'src')
    if (src && /\stype\s*=\s*"module"/i.test(tag)) entries.push(src)
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attr(tag, 'rel')
    const href = attr(tag, 'href')
    if (rel && /(^|\s)modulepreload(\s|$)/i.test(rel) && href) preloads.push(href)
    if (rel && /(^|\s)prefetch(\s|$)/i.test(rel) && href) prefetches.push(href)
  }
  const local = (u: string) => u.replace(/^\/+/, '')
  return { entries: entries.map(local), preloads: preloads.map(local), prefetches: prefetches.map(local) }
}
