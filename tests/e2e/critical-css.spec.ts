/**
 * Each pre-rendered page carries only the CSS it uses (scripts/pageCss.ts), and what renders later still finds
 * every theme token: the build's full global stylesheet is switched on at the visitor's first input
 * (src/theme/serverStyles.ts `enableFullGlobalStylesOnFirstInput`). File checks run on `dist/`; browser checks on the
 * served build.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { sitePages } from '../../bench/lib/bundle'
import { chooseTheme, installIntroClock, waitForHydration, waitForIntroAndClose } from './helpers'

const DIST = 'dist'
const read = (f: string) => readFileSync(join(DIST, f), 'utf8')
const pages = () => sitePages(DIST)

const STYLE = /<style[^>]*>([\s\S]*?)<\/style>/g
const inlineCss = (html: string) => [...html.matchAll(STYLE)].map((m) => m[1]).join('')
const markupOf = (html: string) => html.replace(STYLE, '')
const fullGlobalHref = (html: string) =>
  /<link rel="stylesheet" href="([^"]+)" media="print" data-ssr-global-full>/.exec(html)?.[1]

/** Custom properties referenced with `var(--x…)`. */
const referenced = (text: string) => new Set([...text.matchAll(/var\(\s*(--[\w\\.-]+)/g)].map((m) => m[1]!))

/**
 * Token blocks of a stylesheet: rules that declare only custom properties (`:where(html…)`, `:root,.light`,
 * `.dark…`), as selector → name → value.
 */
function tokenBlocks(css: string): Map<string, Map<string, string>> {
  const blocks = new Map<string, Map<string, string>>()
  for (const rule of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const decls = rule[2]!.split(';').filter((d) => d.trim())
    if (decls.length === 0 || !decls.every((d) => d.trim().startsWith('--'))) continue
    const block = blocks.get(rule[1]!.trim()) ?? new Map<string, string>()
    for (const d of decls) {
      const i = d.indexOf(':')
      block.set(d.slice(0, i).trim(), d.slice(i + 1).trim())
    }
    blocks.set(rule[1]!.trim(), block)
  }
  return blocks
}

test.describe('critical CSS of the pre-rendered pages', () => {
  test('every theme token a page references is defined in its inline CSS, in every colour mode', () => {
    const problems: string[] = []
    for (const page of pages()) {
      const html = read(page)
      const href = fullGlobalHref(html)
      if (!href) {
        problems.push(`${page}: no link to the full global CSS`)
        continue
      }
      const full = tokenBlocks(read(href.replace(/^\//, '')))
      const own = tokenBlocks(inlineCss(html))
      // Everything the page's rules and markup reference, then what those tokens' values reference, and so on.
      const needed = referenced(inlineCss(html) + markupOf(html))
      for (let grew = true; grew;) {
        grew = false
        for (const block of full.values())
          for (const [name, value] of block)
            if (needed.has(name))
              for (const r of referenced(value))
                if (!needed.has(r)) {
                  needed.add(r)
                  grew = true
                }
      }
      for (const [selector, block] of full)
        for (const name of block.keys())
          if (needed.has(name) && !own.get(selector)?.has(name))
            problems.push(`${page}: ${selector} { ${name} } is missing`)
    }
    expect(problems).toEqual([])
  })

  test('no page emits a theme token nothing on it references, and each page keeps far fewer than the theme has', () => {
    const problems: string[] = []
    for (const page of pages()) {
      const html = read(page)
      const css = inlineCss(html)
      const own = tokenBlocks(css)
      const full = tokenBlocks(read(fullGlobalHref(html)!.replace(/^\//, '')))
      const uses = referenced(css + markupOf(html))
      const unused = [...own.values()].flatMap((b) => [...b.keys()]).filter((name) => !uses.has(name))
      if (unused.length)
        problems.push(`${page}: unused tokens ${unused.slice(0, 5).join(', ')}${unused.length > 5 ? '…' : ''}`)
      const count = (m: Map<string, Map<string, string>>) => [...m.values()].reduce((n, b) => n + b.size, 0)
      console.log(`${page}: ${count(own)} of ${count(full)} token declarations inline`)
      if (count(own) * 2 > count(full))
        problems.push(`${page}: ${count(own)} of ${count(full)} token declarations kept`)
    }
    expect(problems).toEqual([])
  })
})

test.describe('CSS for what renders after the first paint', () => {
  test("only the trimmed CSS applies until the visitor's first input; then the full global stylesheet is on", async ({
    page,
  }) => {
    await page.goto('/pricing')
    await waitForHydration(page)
    // Hydrated and idle, with the intro popup open: still the trimmed CSS (switching costs a whole-page restyle).
    await expect(page.getByRole('dialog', { name: 'Say Bye to Manual Navigation' })).toBeVisible({ timeout: 10_000 })
    expect(await page.locator('link[data-ssr-global-full]').getAttribute('media')).toBe('print')
    await page.keyboard.press('Shift')
    await expect(page.locator('link[data-ssr-global-full]')).toHaveAttribute('media', 'all')
  })

  for (const theme of ['Light', 'Dark'] as const) {
    test(`a page reached client-side finds every token it needs (${theme.toLowerCase()})`, async ({ page }) => {
      // Tokens the waitlist page (form fields) uses that the pricing page's inline CSS does not define.
      const pricingTokens = tokenBlocks(inlineCss(read('pricing.html')))
      const defined = new Set([...pricingTokens.values()].flatMap((b) => [...b.keys()]))
      const waitlist = read('waitlist.html')
      const needed = [...referenced(inlineCss(waitlist) + markupOf(waitlist))].filter(
        (name) => name.startsWith('--chakra-') && !defined.has(name),
      )
      expect(needed.length, 'the waitlist page uses tokens the pricing page does not').toBeGreaterThan(0)

      await installIntroClock(page)
      await page.goto('/pricing')
      await waitForHydration(page)
      await waitForIntroAndClose(page)
      await chooseTheme(page, theme)
      await page.evaluate(() => Object.assign(window, { __sameDocument: true }))
      await page.getByRole('banner').getByRole('link', { name: 'Apply For Free Trial' }).click()
      await expect(page).toHaveURL(/\/waitlist$/)
      await expect(page.getByRole('textbox').first()).toBeVisible()
      expect(
        await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument),
        'navigated client-side',
      ).toBe(true)
      const unresolved = await page.evaluate(
        (names) =>
          names.filter(
            (n) => getComputedStyle(document.documentElement).getPropertyValue(n.replace(/\\/g, '')).trim() === '',
          ),
        needed,
      )
      expect(unresolved).toEqual([])
    })
  }
})
