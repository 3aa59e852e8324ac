/**
 * This site's own search (README "Site search"): `npm run build` indexes the built pages with the index command
 * owners run (scripts/site-search-index.ts → `dist-e2e/site-index/`), and the site's widget is given it as an
 * owner's `data-site-index` is. In a call (the e2e build's scripted engine, which replays the assistant's tool
 * calls posted to the window), `search_site` finds the answer on another page of the site, in the page's language,
 * and `open_page` goes there. Nothing of the index loads before the visitor's press.
 */
import { expect, test, type Page } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { installIntroClock, introPopupOpened, recordSent } from './helpers'

/** The labels a visitor sees, from the site's copy (locales/<lng>/). */
const copyOf = (lng: 'en' | 'hi') => {
  const voice = JSON.parse(readFileSync(`locales/${lng}/voice.json`, 'utf8')) as {
    widget: { start: string; consent: { title: string; accept: string } }
  }
  const common = JSON.parse(readFileSync(`locales/${lng}/common.json`, 'utf8')) as {
    intro: { title: string; gotIt: string }
  }
  return {
    mic: voice.widget.start,
    consent: voice.widget.consent.title,
    accept: voice.widget.consent.accept,
    intro: common.intro.title,
    gotIt: common.intro.gotIt,
  }
}
type Copy = ReturnType<typeof copyOf>

/**
 * Waits for the intro popup (it opens a few seconds after load; at once on a page with the intro's clock, helpers.ts
 * `installIntroClock`) and closes it, so it cannot cover the widget.
 */
async function closeIntro(page: Page, copy: Copy): Promise<void> {
  const dialog = page.getByRole('dialog', { name: copy.intro })
  await introPopupOpened(page, dialog)
  await dialog.getByRole('button', { name: copy.gotIt }).click()
  await expect(dialog).toBeHidden()
}

/** The assistant's tool call, as the call delivers it (Vapi `tool-calls`), replayed by the scripted engine. */
const toolCall = (page: Page, id: string, name: string, args: Record<string, string>) =>
  page.evaluate(
    ([i, n, a]) => {
      const message = {
        type: 'tool-calls',
        toolCallList: [{ id: i, type: 'function', function: { name: n, arguments: a } }],
      }
      window.postMessage({ voiceosScript: { event: 'message', args: [message] } }, '*')
    },
    [id, name, args] as const,
  )

/** Presses the mic, accepts this site's consent notice when asked, and waits for Listening. */
async function startCall(page: Page, copy: Copy): Promise<void> {
  await page.getByRole('button', { name: copy.mic }).click()
  // This site asks first (README `data-consent`); the press opens the notice synchronously.
  const notice = page.getByRole('dialog', { name: copy.consent })
  if (await notice.isVisible()) await notice.getByRole('button', { name: copy.accept }).click()
  await expect(page.getByTestId('voice-widget')).toHaveAttribute('data-status', 'listening')
}

/** The content of the COMMAND RESULT that answers tool call `id`, once sent. */
async function resultOf(sent: () => Promise<string[]>, id: string): Promise<string> {
  let found = ''
  await expect
    .poll(async () => {
      const m = (await sent()).find((s) => s.includes(id) && s.includes('COMMAND RESULT'))
      found = m ? String((JSON.parse(m) as { message: { content: string } }).message.content) : ''
      return found
    })
    .toContain('SEARCH RESULTS')
  return found
}

/** The text the assistant reads in a COMMAND RESULT: its JSON line's `result`. */
const searchText = (answer: string) =>
  (JSON.parse(answer.replace(/^COMMAND RESULT /, '').split('\n')[0]!) as { result: string }).result

/**
 * The results of a `search_site` answer, best first: each one's path and the excerpt under it. The answer is
 * `COMMAND RESULT {"name", "toolCallId", "result"}` (one JSON line) then the record tag; `result` is the text the
 * assistant reads.
 */
const resultsOf = (answer: string) =>
  [...searchText(answer).matchAll(/^\d+\. [^\n]*\((\/[^)\s]*)\)[^\n]*\n {3}([^\n]*)/gm)].map((m) => ({
    path: m[1]!,
    excerpt: m[2]!,
  }))

test('in a call on the pricing page, search_site finds what the free trial includes and open_page goes there', async ({
  page,
}) => {
  const copy = copyOf('en')
  const sent = await recordSent(page)
  const index: string[] = []
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname
    if (path.startsWith('/site-index/')) index.push(path)
  })
  await page.goto('/pricing')
  await closeIntro(page, copy)
  await expect(page.getByRole('button', { name: copy.mic })).toBeVisible()
  // The page, its widget and the intro have all loaded: nothing of the index so far.
  expect(index).toEqual([])

  await startCall(page, copy)
  // The press is the intent: the index's manifest loads now.
  await expect.poll(() => index).toContain('/site-index/voiceos-index.json')

  await toolCall(page, 'tc-trial', 'search_site', { query: 'What does the free trial include?' })
  const results = resultsOf(await resultOf(sent, 'tc-trial'))
  // The page that answers is among the first three (the site search's goal: the right page in the top 3), with
  // the answer in its excerpt; the embed's demo shop (not this site's content) is not indexed.
  const trial = results.findIndex((r) => /^\/waitlist(#|$)/.test(r.path))
  expect(trial, JSON.stringify(results)).toBeGreaterThanOrEqual(0)
  expect(trial).toBeLessThan(3)
  expect(results[trial]!.excerpt).toContain('Full access to the voice OS embed during the trial')
  expect(results.some((r) => r.path.startsWith('/embed/'))).toBe(false)

  await toolCall(page, 'tc-open', 'open_page', { path: results[trial]!.path })
  await expect(page).toHaveURL(/\/waitlist(#[\w-]+)?$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Apply For Free Trial' })).toBeVisible()
})

test('in Hindi, search_site answers from the Hindi pages', async ({ page }) => {
  const copy = copyOf('hi')
  const sent = await recordSent(page)
  await installIntroClock(page)
  await page.goto('/hi')
  await closeIntro(page, copy)
  await startCall(page, copy)
  await toolCall(page, 'tc-price', 'search_site', { query: 'कीमतें' })
  const results = resultsOf(await resultOf(sent, 'tc-price'))
  expect(results[0]?.path, JSON.stringify(results)).toMatch(/^\/hi\/pricing(#|$)/)
})
