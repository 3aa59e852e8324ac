/**
 * A keyboard-only journey through the embed demo (src/embed/demo, built into dist-e2e/embed with the scripted
 * engine): consent → call → a typed message (sent as the visitor's `add-message`, the command that follows runs
 * as a spoken one would) → mute (`aria-pressed`, the engine muted) → stop. No pointer, no mouse.
 */
import { expect, test } from '@playwright/test'
import { existsSync } from 'node:fs'
import { startStaticOrigin, type StaticOrigin } from '../servers/static-origin'
import { focusedInWidget, keyTo } from './fixtures/widgetKeyboard'

const EMBED_DIR = 'dist-e2e/embed'
let embed: StaticOrigin
test.beforeAll(async () => {
  if (!existsSync(`${EMBED_DIR}/demo.html`))
    throw new Error('dist-e2e/embed is not built: run `SITE_VARIANT=e2e npx vite build -c vite.embed.config.ts`')
  embed = await startStaticOrigin({ port: 0, root: EMBED_DIR })
})
test.afterAll(async () => {
  await embed?.close()
})

test('keyboard only: consent, call, a typed message that runs a command, mute, stop', async ({ page }) => {
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  await page.addInitScript(() => {
    const w = window as unknown as { __sent: unknown[]; __mutes: boolean[] }
    w.__sent = []
    w.__mutes = []
    window.addEventListener('voiceos:scripted-send', (e) => w.__sent.push((e as CustomEvent).detail))
    window.addEventListener('voiceos:scripted-mute', (e) => w.__mutes.push((e as CustomEvent<boolean>).detail))
  })
  const sentByVisitor = () =>
    page.evaluate(() =>
      (window as unknown as { __sent: { type: string; message?: { role: string } }[] }).__sent.filter(
        (m) => m.type === 'add-message' && m.message?.role === 'user',
      ),
    )
  await page.goto(`${embed.origin}/demo.html`)
  const widget = page.getByTestId('voice-widget')

  // consent
  await keyTo(page, 'voice-mic')
  await page.keyboard.press('Enter')
  const notice = page.getByRole('dialog', { name: 'Before you talk to the voice assistant' })
  await expect(notice).toBeVisible()
  const accept = notice.getByRole('button', { name: 'Accept' })
  for (
    let i = 0;
    i < 10 &&
    !(await accept.evaluate(
      (b) => b.getRootNode() instanceof ShadowRoot && (b.getRootNode() as ShadowRoot).activeElement === b,
    ));
    i++
  )
    await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')

  // the call
  await expect(widget).toHaveAttribute('data-status', 'listening')
  await expect(page.getByTestId('voice-hint')).toHaveText('Speak now, or type your message below.')

  // a typed message
  await keyTo(page, 'voice-input', 'Shift+Tab')
  await page.keyboard.press('Enter') // empty: refused, said why
  await expect(page.getByRole('alert')).toHaveText('Type a message first.')
  await page.keyboard.type('add Darjeeling to my cart')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('textbox', { name: 'Type a message' })).toHaveValue('')
  expect(await sentByVisitor()).toEqual([
    {
      type: 'add-message',
      message: { role: 'user', content: 'add Darjeeling to my cart' },
      triggerResponseEnabled: true,
    },
  ])
  await expect(page.getByRole('log', { name: 'Conversation' })).toContainText('add Darjeeling to my cart')
  await expect(page.getByTestId('voice-announcer')).toHaveText(/Message sent/)
  // the assistant answers with a tool call: it runs as a spoken command's would
  await page.evaluate(() => {
    const message = {
      type: 'tool-calls',
      toolCallList: [
        {
          id: 'call_1',
          type: 'function',
          function: { name: 'click', arguments: { targetText: 'Add Darjeeling to cart' } },
        },
      ],
    }
    window.postMessage({ voiceosScript: { event: 'message', args: [message] } }, '*')
  })
  await expect(page.locator('#cart-count')).toHaveText('1')

  // mute
  await keyTo(page, 'voice-mute', 'Shift+Tab')
  const mute = page.getByRole('button', { name: 'Mute microphone' })
  await expect(mute).toHaveAttribute('aria-pressed', 'false')
  await page.keyboard.press('Enter')
  await expect(mute).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByTestId('voice-hint')).toHaveText(
    'Your microphone is muted. Unmute it to speak, or type below.',
  )
  expect(await page.evaluate(() => (window as unknown as { __mutes: boolean[] }).__mutes)).toEqual([true])

  // stop
  await keyTo(page, 'voice-mic')
  await page.keyboard.press('Enter')
  await expect(widget).toHaveAttribute('data-status', 'idle')
  expect(await focusedInWidget(page)).toBe('voice-mic')
  expect(errors).toEqual([])
})

for (const reducedMotion of ['no-preference', 'reduce'] as const) {
  test(`the volume indicator with prefers-reduced-motion: ${reducedMotion}`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion })
    await page.addInitScript(() => localStorage.clear())
    await page.goto(`${embed.origin}/demo.html`)
    await keyTo(page, 'voice-mic')
    await page.keyboard.press('Enter')
    await page.getByRole('dialog').getByRole('button', { name: 'Accept' }).click()
    await expect(page.getByTestId('voice-widget')).toHaveAttribute('data-status', 'listening')
    const meter = page.getByTestId('voice-meter')
    await expect(meter).toBeVisible()
    // the visitor speaks: 0.8 every 100 ms
    await page.evaluate(() => {
      let n = 0
      const id = setInterval(() => {
        window.postMessage({ voiceosScript: { event: 'local-volume-level', args: [0.8] } }, '*')
        if (++n > 40) clearInterval(id)
      }, 100)
    })
    await expect(meter).toHaveText('We hear you')
    const bar = meter.locator('.bar').nth(1)
    if (reducedMotion === 'reduce') {
      // still: a fixed height whatever the level, no per-frame writes
      await expect(bar).toHaveCSS('transform', 'matrix(1, 0, 0, 0.7, 0, 0)')
      expect(await meter.evaluate((m) => m.style.getPropertyValue('--level'))).toBe('')
    } else {
      await expect(bar).toHaveCSS('transform', 'matrix(1, 0, 0, 1, 0, 0)') // 0.8 × 2.2, capped at 1
      expect(await meter.evaluate((m) => m.style.getPropertyValue('--level'))).toBe('0.80')
    }
  })
}

for (const width of [320, 390]) {
  test(`a phone ${width} px wide: the open call panel, the consent button and the mic all stay inside the viewport, the button stacked over the mic`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 700 })
    await page.goto(`${embed.origin}/demo.html`)
    await page.getByTestId('voice-mic').click()
    await page.getByRole('dialog').getByRole('button', { name: 'Accept' }).click()
    await expect(page.getByTestId('voice-widget')).toHaveAttribute('data-status', 'listening')
    await expect(page.getByRole('textbox', { name: 'Type a message' })).toBeVisible()
    // Every box the widget draws (its shadow root's elements with a size), left and right edges in CSS px.
    const outside = await page.evaluate(() => {
      const root = document.querySelector('[data-voiceos]')!.shadowRoot!
      return [...root.querySelectorAll<HTMLElement>('*')]
        .filter((el) => !el.closest('.sr-only') && !el.matches('.ping'))
        .map((el) => ({
          el: `${el.tagName.toLowerCase()}.${el.getAttribute('class') ?? ''}`,
          r: el.getBoundingClientRect(),
        }))
        .filter(({ r }) => r.width > 0 && r.height > 0 && (r.left < 0 || r.right > window.innerWidth))
        .map(({ el, r }) => `${el} ${Math.round(r.left)}–${Math.round(r.right)}`)
    })
    expect(outside).toEqual([])
    // The consent button stacks over the mic, so the panel keeps the row's width beside the mic (branding.ts).
    const boxes = await page.evaluate(() => {
      const root = document.querySelector('[data-voiceos]')!.shadowRoot!
      const box = (selector: string) => root.querySelector(selector)!.getBoundingClientRect().toJSON() as DOMRect
      return { panel: box('.panel'), mic: box('.mic'), consent: box('[data-testid="voice-consent-manage"]') }
    })
    expect(boxes.consent.bottom).toBeLessThanOrEqual(boxes.mic.top)
    expect(boxes.consent.left).toBeGreaterThanOrEqual(boxes.mic.left)
    expect(boxes.consent.right).toBeLessThanOrEqual(boxes.mic.right)
    expect(boxes.panel.right).toBeLessThanOrEqual(boxes.mic.left)
    expect(boxes.panel.width).toBeGreaterThanOrEqual(width - 16 * (2 + 4 + 0.75) - 2)
  })
}
