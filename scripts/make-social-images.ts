// Renders public/og-image.png (1200×630, Open Graph / Twitter card) and public/apple-touch-icon.png (180×180)
// from HTML with Chromium. Run after changing the brand: node --import tsx scripts/make-social-images.ts
import { readFileSync } from 'node:fs'
import { chromium } from 'playwright'
import { chromiumLaunchOptions } from './chromium.ts'

const mark = readFileSync('public/favicon.svg', 'utf8')
const card = `<!doctype html><html><body style="margin:0">
<div style="width:1200px;height:630px;box-sizing:border-box;padding:80px;display:flex;flex-direction:column;justify-content:space-between;
  font-family:'Noto Sans',system-ui,sans-serif;color:#fff;background:radial-gradient(circle at 85% 20%,#7c3aed 0,#4c1d95 45%,#0d0b14 100%)">
  <div style="display:flex;align-items:center;gap:20px;font-size:40px;font-weight:700"><div style="width:72px;height:72px">${mark}</div>VoiceOS</div>
  <div>
    <div style="font-size:76px;font-weight:800;line-height:1.05;letter-spacing:-1px">The Future of the Web<br>is Voice-First</div>
    <div style="margin-top:28px;font-size:32px;color:#ddd6fe">No clicks. No scrolls. Just Voice.</div>
  </div>
</div></body></html>`
const browser = await chromium.launch(chromiumLaunchOptions())
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } })
await page.setContent(card)
await page.screenshot({ path: 'public/og-image.png' })
await page.setViewportSize({ width: 180, height: 180 })
await page.setContent(
  `<body style="margin:0;background:#6d28d9">${mark.replace('<svg ', '<svg width="180" height="180" ')}</body>`,
)
await page.screenshot({ path: 'public/apple-touch-icon.png' })
await browser.close()
