// Screenshots of the served site for a human look: every route × light/dark × desktop/phone.
// Usage: node --import tsx scripts/screenshots.ts [baseUrl] [outDir] [paths...]
import { mkdirSync } from 'node:fs'
import { chromium } from 'playwright'
import { chromiumLaunchOptions } from './chromium'

const [base = 'http://127.0.0.1:4173', out = '/tmp/shots', ...paths] = process.argv.slice(2)
const routes = paths.length ? paths : ['/', '/pricing', '/feedback', '/waitlist', '/nope']
mkdirSync(out, { recursive: true })
const browser = await chromium.launch(chromiumLaunchOptions())
for (const scheme of ['light', 'dark'] as const) {
  for (const [label, viewport] of [
    ['desktop', { width: 1440, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    const ctx = await browser.newContext({ viewport, colorScheme: scheme, reducedMotion: 'reduce' })
    const page = await ctx.newPage()
    for (const r of routes) {
      await page.goto(base + r, { waitUntil: 'networkidle' })
      await page.waitForTimeout(Number(process.env.SHOT_WAIT ?? 300))
      const name = `${out}/${r.replace(/\//g, '_') || '_'}-${scheme}-${label}.png`
      await page.screenshot({ path: name, fullPage: process.env.FULL !== '0' })
      console.log(name)
    }
    await ctx.close()
  }
}
await browser.close()
