/**
 * The build's script hand-off (scripts/postbuild.ts `deferBootUntilPainted`): module scripts wait for the first
 * paint, and readers of the built page (scripts/chunks.ts) still see the same scripts.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { pageScripts } from '../../../scripts/chunks'
import {
  BOOT_TEMPLATE_ID,
  deferBootUntilPainted,
  dropUnmetRenderExpectations,
  pageChunkName,
  PREFETCH_TEMPLATE_ID,
  trimModulePreloads,
} from '../../../scripts/postbuild'

const built =
  '<!DOCTYPE html><html><head><meta charset="UTF-8"><script type="module" async="" crossorigin="" src="/assets/app-1.js"></script>' +
  '<link rel="modulepreload" crossorigin="" href="/assets/react-2.js"><link rel="modulepreload" crossorigin="" href="/assets/Home-3.js"></head>' +
  '<body><div id="root">page</div><script>window.__data = 1</script></body></html>'

afterEach(() => {
  delete process.env.SITE_BOOT
})

describe('deferBootUntilPainted', () => {
  it('moves every module tag, unchanged, into an inert template at the end of body, followed by the boot script', () => {
    const out = deferBootUntilPainted(built)
    const head = out.slice(0, out.indexOf('</head>'))
    expect(head).not.toMatch(/modulepreload|type="module"/)
    const template = new RegExp(
      `<template id="${BOOT_TEMPLATE_ID}">([\\s\\S]*?)</template><script>([\\s\\S]*?)</script></body>`,
    ).exec(out)
    expect(template).not.toBeNull()
    expect(template![1]).toBe(
      '<link rel="modulepreload" crossorigin="" href="/assets/react-2.js"><link rel="modulepreload" crossorigin="" href="/assets/Home-3.js">' +
        '<script type="module" async="" crossorigin="" src="/assets/app-1.js"></script>',
    )
    expect(template![2]).toContain(`getElementById('${BOOT_TEMPLATE_ID}')`)
    expect(template![2]).toContain("'first-contentful-paint'")
    // The page's own inline data script still runs before the boot.
    expect(out.indexOf('window.__data')).toBeLessThan(out.indexOf(`<template id="${BOOT_TEMPLATE_ID}"`))
    expect(pageScripts(out)).toEqual(pageScripts(built))
  })

  it('leaves a page without module scripts, or every page with SITE_BOOT=eager, as it is', () => {
    const plain = '<!DOCTYPE html><html><head></head><body><p>404</p></body></html>'
    expect(deferBootUntilPainted(plain)).toBe(plain)
    process.env.SITE_BOOT = 'eager'
    expect(deferBootUntilPainted(built)).toBe(built)
  })
})

describe('trimModulePreloads', () => {
  const dir = mkdtempSync(join(tmpdir(), 'postbuild-'))
  mkdirSync(join(dir, 'assets'))
  const chunks: Record<string, string> = {
    // the entry (src/boot.ts): one static import, the app and the engine behind import()
    'app-1.js': 'import{a}from"./widget-2.js";const l=()=>import("./main-3.js");const e=()=>import("./engine-9.js");',
    'widget-2.js': 'export const a=1',
    'main-3.js': 'import{r}from"./react-4.js";import"./widget-2.js";const c=()=>import("./client-5.js");',
    'react-4.js': 'export const r=1',
    'client-5.js': 'import{r}from"./react-4.js"',
    'Home-6.js': 'import{r}from"./react-4.js";import{x}from"./main-3.js";import"./grid-7.js"',
    'grid-7.js': 'export const g=1',
    'Pricing-8.js': 'import{r}from"./react-4.js"',
    'engine-9.js': 'export const e=1',
  }
  for (const [f, code] of Object.entries(chunks)) writeFileSync(join(dir, 'assets', f), code)
  const link = (f: string) => `<link rel="modulepreload" crossorigin="" href="/assets/${f}">`
  // vite-react-ssg preloads everything reachable through import(), other pages and the engine included.
  const html =
    '<html><head><script type="module" async="" crossorigin="" src="/assets/app-1.js"></script>' +
    ['widget-2.js', 'main-3.js', 'react-4.js', 'Home-6.js', 'grid-7.js', 'Pricing-8.js', 'engine-9.js']
      .map(link)
      .join('') +
    '</head><body><div id="root"></div></body></html>'

  it('keeps the entry, drops every modulepreload, and lists what hydration needs for this page in an inert template', () => {
    const out = trimModulePreloads(html, dir, 'Home')
    expect(out).not.toContain('modulepreload')
    expect(pageScripts(out).entries).toEqual(['assets/app-1.js'])
    // app + its closure, the page chunk + its closure, react-dom/client; not the entry's own imports, other pages or the engine
    expect(pageScripts(out).prefetches.sort()).toEqual([
      'assets/Home-6.js',
      'assets/client-5.js',
      'assets/grid-7.js',
      'assets/main-3.js',
      'assets/react-4.js',
    ])
    expect(out).toMatch(
      new RegExp(
        `<template id="${PREFETCH_TEMPLATE_ID}">(<link rel="prefetch" as="script" crossorigin="" href="/assets/[\\w-]+\\.js">)+</template></body>`,
      ),
    )
  })

  it('a page without a page chunk (404) prefetches only the app', () => {
    expect(pageScripts(trimModulePreloads(html, dir, null)).prefetches.sort()).toEqual([
      'assets/client-5.js',
      'assets/main-3.js',
      'assets/react-4.js',
    ])
  })

  it('maps routes to their page chunk, in every language', () => {
    expect(
      ['/', '/hi', '/pricing', '/hi/pricing', '/feedback', '/hi/waitlist', '/404', '/hi/404', '/history'].map(
        pageChunkName,
      ),
    ).toEqual(['Home', 'Home', 'Pricing', 'Pricing', 'Feedback', 'Waitlist', null, null, null])
  })

  afterAll(() => rmSync(dir, { recursive: true, force: true }))
})

describe('dropUnmetRenderExpectations', () => {
  const head =
    '<head><meta charset="UTF-8"><link rel="expect" href="#how-it-works" blocking="render" /><title>t</title></head>'
  it('keeps the render-blocking expect link on a page that has its target', () => {
    const page = `<html>${head}<body><section id="how-it-works"></section></body></html>`
    expect(dropUnmetRenderExpectations(page)).toBe(page)
  })
  it('drops it from a page without its target, and nothing else', () => {
    const page = `<html>${head}<body><section id="pricing"></section></body></html>`
    expect(dropUnmetRenderExpectations(page)).toBe(
      '<html><head><meta charset="UTF-8"><title>t</title></head><body><section id="pricing"></section></body></html>',
    )
  })
})
