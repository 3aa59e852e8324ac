/**
 * Partial hydration (src/components/Deferred/createIsland.tsx) on the pre-rendered site: the static sections
 * of `/` keep their server HTML through hydration and never fetch their code; links inside them still
 * navigate client-side; reaching `/` client-side renders them from their code.
 */
import { expect, test, type Page } from '@playwright/test'
import { dismissIntro, waitForHydration, watchConsole } from './helpers'

/** The landing page's islands, as named in HomePage.tsx, and the chunk of each. */
const ISLANDS = ['hero', 'command-demo', 'comparison', 'audience-cards', 'early-access'] as const
const ISLAND_CHUNK = /\/assets\/(Hero|CommandDemo|Comparison|AudienceCards|EarlyAccess)-[\w-]+\.js$/

/** Script URLs the page requests from now on. */
function watchScripts(page: Page): string[] {
  const urls: string[] = []
  page.on('request', (r) => {
    if (r.resourceType() === 'script') urls.push(new URL(r.url()).pathname)
  })
  return urls
}

/** Marks the current document; `sameDocument` is true while no full page load replaced it. */
const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { __islandsMarker: true }))
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as { __islandsMarker?: boolean }).__islandsMarker === true)

test('the pre-rendered landing page adopts its islands: same DOM nodes after hydration, no island code fetched', async ({
  page,
}) => {
  const problems = watchConsole(page)
  const scripts = watchScripts(page)
  // Keep a reference to one element of every island as parsed, before any script runs.
  await page.addInitScript(
    (names) => {
      document.addEventListener('DOMContentLoaded', () => {
        Object.assign(window, {
          __parsed: names.map((n) => document.querySelector(`[data-island="${n}"] :is(h1, h2)`)),
          __styleMoves: [],
        })
        // The pre-rendered style tags must stay where the build put them (src/theme/serverStyles.ts).
        new MutationObserver((records) => {
          for (const r of records)
            for (const n of r.removedNodes)
              if (n instanceof HTMLStyleElement)
                (window as unknown as { __styleMoves: string[] }).__styleMoves.push(n.outerHTML.slice(0, 60))
        }).observe(document.head, { childList: true })
      })
    },
    [...ISLANDS],
  )
  await page.goto('/')
  await waitForHydration(page)
  await expect(page.locator('[data-island]')).toHaveCount(ISLANDS.length)
  const kept = await page.evaluate(
    (names) =>
      names.map((n, i) => {
        const parsed = (window as unknown as { __parsed: Array<Element | null> }).__parsed[i]
        return (
          parsed !== null && parsed === document.querySelector(`[data-island="${n}"] :is(h1, h2)`) && parsed.isConnected
        )
      }),
    [...ISLANDS],
  )
  expect(kept).toEqual(ISLANDS.map(() => true))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The Future of the Web is Voice-First')
  expect(scripts.filter((s) => ISLAND_CHUNK.test(s))).toEqual([])
  expect(problems).toEqual([])
  // Pre-rendered CSS was adopted as it is: not moved, and the global CSS not inserted again by Emotion. The
  // theme tokens live in the page's trimmed inline CSS and in the build's full global stylesheet (scripts/pageCss.ts;
  // still `print` here: it is switched on at the visitor's first input), and nowhere else.
  expect(await page.evaluate(() => (window as unknown as { __styleMoves: string[] }).__styleMoves)).toEqual([])
  const globalCopies = await page.evaluate(() =>
    [...document.styleSheets]
      .filter((sheet) => [...sheet.cssRules].some((r) => r.cssText.includes('--chakra-colors-brand-solid:')))
      .map((sheet) => {
        const owner = sheet.ownerNode as Element | null
        return owner?.hasAttribute('data-ssr-global')
          ? 'inline'
          : owner?.hasAttribute('data-ssr-global-full')
            ? `full (${(owner as HTMLLinkElement).media})`
            : 'other'
      })
      .sort(),
  )
  expect(globalCopies).toEqual(['full (print)', 'inline'])
})

test('a link inside an island navigates client-side, and Back returns without a page load', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  await dismissIntro(page)
  await markDocument(page)
  await page.locator('[data-island="early-access"]').getByRole('link', { name: 'Apply For Free Trial' }).click()
  await expect(page).toHaveURL(/\/waitlist$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(await sameDocument(page), 'no full page load').toBe(true)

  await page.goBack()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.locator('[data-island="hero"] #hero')).toBeVisible()
  expect(await sameDocument(page)).toBe(true)
})

test('reaching / client-side renders the islands from their code', async ({ page }) => {
  const problems = watchConsole(page)
  const scripts = watchScripts(page)
  await page.goto('/pricing')
  await waitForHydration(page)
  await dismissIntro(page)
  await markDocument(page)
  await page.getByRole('banner').getByRole('link', { name: 'Home', exact: true }).click()
  await expect(page).toHaveURL(/\/$/)
  for (const name of ISLANDS) await expect(page.locator(`[data-island="${name}"] section`)).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The Future of the Web is Voice-First')
  expect(await sameDocument(page)).toBe(true)
  expect(scripts.filter((s) => ISLAND_CHUNK.test(s)).length).toBe(ISLANDS.length)
  expect(problems).toEqual([])
})
