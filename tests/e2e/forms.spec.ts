/**
 * The waitlist and feedback forms end to end, against the BUILT site (SPEC §4, §5, §7, §8).
 *
 * The waitlist endpoint is fixed at build time, so `dist/` must be built with
 *   VITE_WAITLIST_ENDPOINT=http://127.0.0.1:4599/formResponse   (FORM_ENDPOINT_URL)
 * The tests start a real HTTP server on that address (tests/servers/form-endpoint.ts) and check what it
 * receives. A build without it fails the first waitlist test with a message saying so.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { FORM_ENDPOINT_URL, startFormEndpoint, type FormEndpoint } from '../servers/form-endpoint'
import { expectNoAxeViolations, installIntroClock, introPopupOpened, waitForHydration } from './helpers'

const CONTACT = 'info@voiceos.example.com'
const APP = {
  name: 'Asha Verma',
  email: 'asha@example.com',
  phone: '+91 98765 43210',
  website: 'https://example.com/shop?x=1',
  company: 'R&D Labs',
  comments: 'नमस्ते 😀 100% voice\nsecond line',
}
/** What the form service must receive for {@link APP}: every field under its entry id, in spec order. */
const APP_BODY =
  'entry.1000001=Asha+Verma&entry.1000002=asha%40example.com&entry.1000003=%2B91+98765+43210&entry.1000004=R%26D+Labs' +
  '&entry.1000005=https%3A%2F%2Fexample.com%2Fshop%3Fx%3D1' +
  '&entry.1000006=%E0%A4%A8%E0%A4%AE%E0%A4%B8%E0%A5%8D%E0%A4%A4%E0%A5%87+%F0%9F%98%80+100%25+voice%0Asecond+line'

const waitlistField = (page: Page, label: RegExp) => page.getByTestId('waitlist-form').getByLabel(label)
const W = {
  name: /full name/i,
  email: /work email/i,
  phone: /phone number/i,
  website: /^website/i,
  company: /company/i,
  comments: /comments/i,
}
const toast = (page: Page, text: string) =>
  page.locator('[data-scope="toast"][data-part="root"][data-state="open"]').filter({ hasText: text })

/**
 * Opens a page, waits for hydration, then for the header's intro popup (its timers run at once on the page's
 * installed clock: helpers.ts `installIntroClock`) and closes it with Escape.
 */
async function openPage(page: Page, path: string): Promise<void> {
  await installIntroClock(page)
  await page.goto(path)
  await waitForHydration(page)
  await dismissIntroWhenOpen(page)
}
async function dismissIntroWhenOpen(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Say Bye to Manual Navigation' })
  await introPopupOpened(page, dialog)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
}

/** Fails early, and clearly, when `dist/` was built without the test endpoint. */
async function assertEndpointBuiltIn(request: APIRequestContext): Promise<void> {
  const html = await (await request.get('/waitlist')).text()
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!)
  for (const a of assets) if ((await (await request.get(a)).text()).includes(FORM_ENDPOINT_URL)) return
  throw new Error(
    `dist/ was built without the test form endpoint. Build with VITE_WAITLIST_ENDPOINT=${FORM_ENDPOINT_URL} npx vite-react-ssg build`,
  )
}

/** Presses Tab until `target` has focus (at most `max` times): how a keyboard user gets there. */
async function tabTo(page: Page, target: ReturnType<Page['getByLabel']>, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  await expect(target).toBeFocused()
}

test.describe('waitlist → a real form endpoint on 127.0.0.1', () => {
  test.describe.configure({ mode: 'serial' })
  let server: FormEndpoint

  test.beforeAll(async ({ request }) => {
    await assertEndpointBuiltIn(request)
    server = await startFormEndpoint()
  })
  test.afterAll(async () => {
    await server?.close()
  })

  test('the endpoint receives the exact urlencoded body; success toast; fields reset; draft cleared', async ({
    page,
  }) => {
    await openPage(page, '/waitlist')
    for (const [k, v] of Object.entries(APP)) await waitlistField(page, W[k as keyof typeof W]).fill(v)
    const received = server.next()
    await page.getByRole('button', { name: 'Submit Application' }).click()
    const r = await received
    expect(r.method).toBe('POST')
    expect(r.path).toBe('/formResponse')
    expect(r.headers['content-type']).toBe('application/x-www-form-urlencoded')
    expect(r.body).toBe(APP_BODY)
    await expect(toast(page, '✅ Application submitted!')).toContainText("We'll contact you within 24 hours.")
    await expect(waitlistField(page, W.name)).toHaveValue('')
    await expect(waitlistField(page, W.comments)).toHaveValue('')
    expect(await page.evaluate(() => sessionStorage.getItem('voiceos.waitlist.draft'))).toBeNull()
    expect(server.received).toHaveLength(1)
  })

  test('keyboard only: Tab to each field, type, Enter on the button', async ({ page }) => {
    await openPage(page, '/waitlist')
    await tabTo(page, waitlistField(page, W.name))
    await page.keyboard.type(APP.name)
    for (const k of ['email', 'phone', 'website', 'company'] as const) {
      await page.keyboard.press('Tab')
      await expect(waitlistField(page, W[k])).toBeFocused()
      await page.keyboard.type(APP[k])
    }
    await page.keyboard.press('Tab')
    await expect(waitlistField(page, W.comments)).toBeFocused()
    await page.keyboard.type('By keyboard')
    await page.keyboard.press('Tab')
    await expect(page.getByRole('button', { name: 'Submit Application' })).toBeFocused()
    const received = server.next()
    await page.keyboard.press('Enter')
    expect((await received).body).toContain('entry.1000001=Asha+Verma&entry.1000002=asha%40example.com')
    await expect(toast(page, '✅ Application submitted!')).toBeVisible()
  })

  test('server down: error toast naming the contact address, logged, fields and draft kept', async ({ page }) => {
    await server.close()
    try {
      const logged: string[] = []
      page.on('console', (m) => m.type() === 'error' && logged.push(m.text()))
      await openPage(page, '/waitlist')
      for (const [k, v] of Object.entries(APP)) await waitlistField(page, W[k as keyof typeof W]).fill(v)
      await page.getByRole('button', { name: 'Submit Application' }).click()
      await expect(toast(page, 'Something went wrong')).toContainText(`Please try again or contact us at ${CONTACT}`)
      expect(logged.join('\n')).toContain('Waitlist submission failed')
      await page.waitForTimeout(300) // longer than the 100 ms success reset
      for (const [k, v] of Object.entries(APP)) await expect(waitlistField(page, W[k as keyof typeof W])).toHaveValue(v)
      expect(await page.evaluate(() => sessionStorage.getItem('voiceos.waitlist.draft'))).toContain('Asha Verma')
      await expect(page.getByRole('button', { name: 'Submit Application' })).toBeEnabled()
    } finally {
      server = await startFormEndpoint()
    }
  })
})

test('waitlist: reload mid-typing restores the draft', async ({ page }) => {
  await page.goto('/waitlist')
  await waitForHydration(page)
  await waitlistField(page, W.name).pressSequentially('Asha V')
  await waitlistField(page, W.comments).fill('half a thought')
  await page.reload()
  await waitForHydration(page)
  await expect(waitlistField(page, W.name)).toHaveValue('Asha V')
  await expect(waitlistField(page, W.comments)).toHaveValue('half a thought')
  await expect(page.getByRole('status').filter({ hasText: 'We kept what you typed earlier' })).toBeVisible()
})

test('waitlist: the first failed rule is toasted and marked on its field', async ({ page }) => {
  await openPage(page, '/waitlist')
  await page.getByRole('button', { name: 'Submit Application' }).click()
  await expect(toast(page, 'All fields required')).toContainText('Please fill in all fields')
  await expect(waitlistField(page, W.name)).toHaveAttribute('aria-invalid', 'true')
  await expect(waitlistField(page, W.name)).toBeFocused()
  for (const [k, v] of Object.entries({ ...APP, phone: 'call me' }))
    await waitlistField(page, W[k as keyof typeof W]).fill(v)
  await page.getByRole('button', { name: 'Submit Application' }).click()
  await expect(toast(page, 'Invalid phone number')).toContainText('Please enter a valid phone number')
  await expect(waitlistField(page, W.phone)).toHaveAccessibleDescription(/Please enter a valid phone number/)
  await expect(waitlistField(page, W.name)).not.toHaveAttribute('aria-invalid')
})

test('feedback, keyboard only: switch to Suggest an Idea, fill, submit → mailto opened, success, cleared', async ({
  page,
}) => {
  await openPage(page, '/feedback')
  const issueTab = page.getByRole('tab', { name: 'Report an Issue' })
  await expect(issueTab).toHaveAttribute('aria-selected', 'true')
  await tabTo(page, issueTab)
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('tab', { name: 'Suggest an Idea' })).toHaveAttribute('aria-selected', 'true')
  const idea = page.getByRole('tabpanel', { name: 'Suggest an Idea' })
  await tabTo(page, idea.getByLabel(/^name/i))
  await page.keyboard.type('Asha')
  await page.keyboard.press('Tab')
  await page.keyboard.type('asha@example.com')
  await page.keyboard.press('Tab')
  await page.keyboard.type('Shortcuts & more?')
  await page.keyboard.press('Tab')
  await expect(idea.getByLabel(/^description/i)).toBeFocused()
  await page.keyboard.type('Say "checkout" #1')
  await page.keyboard.press('Enter')
  await page.keyboard.type('नमस्ते 😀')
  await page.keyboard.press('Tab')
  await expect(idea.getByRole('button', { name: 'Choose image' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(idea.getByRole('button', { name: 'Submit Idea' })).toBeFocused()
  const mailto = page.waitForRequest((r) => r.url().startsWith('mailto:'))
  await page.keyboard.press('Enter')
  const url = (await mailto).url()
  expect(url).toBe(
    `mailto:${CONTACT}?subject=%5BIdea%5D%20Shortcuts%20%26%20more%3F` +
      '&body=Name%3A%20Asha%0D%0AEmail%3A%20asha%40example.com%0D%0AType%3A%20Suggest%20an%20Idea%0D%0A%0D%0ADescription%3A%0D%0A' +
      'Say%20%22checkout%22%20%231%0D%0A%E0%A4%A8%E0%A4%AE%E0%A4%B8%E0%A5%8D%E0%A4%A4%E0%A5%87%20%F0%9F%98%80',
  )
  await expect(toast(page, 'Feedback Submitted')).toContainText('Your idea suggestion has been submitted successfully!')
  await expect(idea.getByLabel(/^name/i)).toHaveValue('')
  await expect(idea.getByLabel(/^description/i)).toHaveValue('')
})

test('feedback: validation toast, tabs keep their values, a non-image screenshot is refused', async ({ page }) => {
  await openPage(page, '/feedback')
  const issue = page.getByRole('tabpanel', { name: 'Report an Issue' })
  await issue.getByLabel(/^email/i).fill('not-an-email')
  await issue.getByRole('button', { name: 'Submit Report' }).click()
  await expect(toast(page, 'Validation Error')).toContainText(
    'Valid email is required, Subject is required, Description is required',
  )
  await issue.getByLabel(/^subject/i).fill('Mic stuck')
  await page.getByRole('tab', { name: 'Suggest an Idea' }).click()
  await page
    .getByRole('tabpanel', { name: 'Suggest an Idea' })
    .getByLabel(/^subject/i)
    .fill('An idea')
  await page.getByRole('tab', { name: 'Report an Issue' }).click()
  await expect(issue.getByLabel(/^subject/i)).toHaveValue('Mic stuck')
  await expect(issue.getByLabel(/^email/i)).toHaveValue('not-an-email')
  await issue
    .getByTestId('screenshot-input')
    .setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') })
  await expect(issue.getByRole('alert')).toHaveText(
    '“notes.pdf” is not an image. Please choose an image file (PNG, JPG, GIF or WebP).',
  )
  await issue
    .getByTestId('screenshot-input')
    .setInputFiles({ name: 'bug.png', mimeType: 'image/png', buffer: Buffer.from([137, 80, 78, 71]) })
  await expect(issue.getByTestId('screenshot-name')).toHaveText('bug.png')
  await expect(issue.getByRole('alert')).toHaveCount(0)
})

test.describe('forms: axe with errors and toasts on screen', () => {
  // Two pages, two axe runs each: 25–28 s on a loaded 2-core machine, too close to the 30 s default.
  test.describe.configure({ timeout: 60_000 })
  for (const scheme of ['light', 'dark'] as const) {
    test(`waitlist and feedback in ${scheme}`, async ({ browser }) => {
      const ctx = await browser.newContext({ colorScheme: scheme, reducedMotion: 'reduce' })
      const page = await ctx.newPage()
      await openPage(page, '/waitlist')
      await page.getByRole('button', { name: 'Submit Application' }).click()
      await expect(toast(page, 'All fields required')).toBeVisible()
      await expectNoAxeViolations(page)
      await openPage(page, '/feedback')
      await page.getByRole('tab', { name: 'Suggest an Idea' }).click()
      await page.getByRole('button', { name: 'Submit Idea' }).click()
      await expect(toast(page, 'Validation Error')).toBeVisible()
      await page
        .getByRole('tabpanel', { name: 'Suggest an Idea' })
        .getByTestId('screenshot-input')
        .setInputFiles({ name: 'a.txt', mimeType: 'text/plain', buffer: Buffer.from('x') })
      await expectNoAxeViolations(page)
      await ctx.close()
    })
  }
})
