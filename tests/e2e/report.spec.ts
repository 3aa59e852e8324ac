/**
 * The conversation report's HTML (scripts/report/render.ts) in Chromium: opened from a file with every network
 * request refused (it must need none), axe clean in the light and the dark theme and with the data tables open,
 * the theme switch (named by its action) from the keyboard, a phone width without sideways scrolling nor a clipped
 * label, and a print that hides the switch
 * and opens the data tables. Screenshots of both themes and of the phone width are attached to the run.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { expect, test, type Page } from '@playwright/test'
import { analyze } from '../../scripts/report/analyze'
import { fromCall, fromChat } from '../../scripts/report/normalize'
import { renderHtml } from '../../scripts/report/render'
import { generateConversations } from '../servers/conversations'
import { expectNoAxeViolations } from './helpers'

// axe over the whole report (hundreds of table cells once the tables are open) takes tens of seconds on a busy
// 2-core machine: each test gets 90 s.
test.describe.configure({ timeout: 90_000 })

let url = ''
test.beforeAll(() => {
  const data = generateConversations({ count: 1500, seed: 2 })
  const conversations = [...data.calls.map(fromCall), ...data.chats.map(fromChat)]
  const html = renderHtml(analyze(conversations), {
    assistantId: 'asst_voiceos',
    generatedAt: '2026-11-27T00:00:00.000Z',
    personalData: false,
  })
  const file = join(mkdtempSync(join(tmpdir(), 'voiceos-report-html-')), 'report.html')
  writeFileSync(file, html)
  url = pathToFileURL(file).href
})

/** Opens the report with the network refused; returns the requests other than the file itself. */
async function open(page: Page): Promise<string[]> {
  const outside: string[] = []
  await page.route('**/*', (route) => {
    const u = route.request().url()
    if (u === url) return route.continue()
    outside.push(u)
    return route.abort()
  })
  await page.goto(url)
  return outside
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`report: ${colorScheme} theme — no network, axe clean, charts named, tables as text`, async ({ page }, info) => {
    await page.emulateMedia({ colorScheme })
    expect(await open(page)).toEqual([])
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/What visitors asked/)
    const charts = page.getByRole('img')
    expect(await charts.count()).toBeGreaterThanOrEqual(6)
    for (const chart of await charts.all()) await expect(chart).toHaveAttribute('aria-label', /\S/)
    await expect(
      page.getByRole('button', { name: colorScheme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme' }),
    ).toBeVisible()
    await info.attach(`report-${colorScheme}`, {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    })
    await expectNoAxeViolations(page)
    // Each chart's text alternative: its data table.
    for (const summary of await page.locator('summary').all()) await summary.click()
    await expect(page.locator('details[open] table').first()).toBeVisible()
    await expectNoAxeViolations(page)
  })
}

test('report: the theme switch and the data tables work from the keyboard; a phone width does not scroll sideways', async ({
  page,
}, info) => {
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize({ width: 390, height: 844 })
  await open(page)
  const toggle = page.locator('#theme')
  await expect(toggle).toHaveText('Switch to dark theme')
  // The switch is the first stop of the tab order; a chart's data table opens with Enter on its summary.
  await page.keyboard.press('Tab')
  await expect(toggle).toBeFocused()
  const summary = page.locator('summary').first()
  await summary.focus()
  await expect(summary).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.locator('details').first()).toHaveAttribute('open', '')
  await toggle.focus()
  await page.keyboard.press('Enter')
  await expect(toggle).toHaveText('Switch to light theme')
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(15, 23, 42)')
  await expectNoAxeViolations(page)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  // Every bar label is shown whole at a phone's width: it wraps instead of being cut.
  const clipped = await page.evaluate(() =>
    [...document.querySelectorAll('.bar-label')]
      .filter((l) => l.scrollWidth > l.clientWidth + 1)
      .map((l) => l.textContent),
  )
  expect(clipped).toEqual([])
  await info.attach('report-phone-dark', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' })
})

test('report: prints light, without the switch, with the data tables open', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' })
  await open(page)
  await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')))
  await page.emulateMedia({ media: 'print', colorScheme: 'dark' })
  await expect(page.locator('#theme')).toBeHidden()
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(255, 255, 255)')
  expect(await page.locator('details:not([open])').count()).toBe(0)
  const pdf = await page.pdf({ format: 'A4' })
  expect(pdf.byteLength).toBeGreaterThan(10_000)
})
