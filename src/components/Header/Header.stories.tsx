import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { Header } from './Header'
import { DECORATIVE_ITEMS, MOBILE_DECORATIVE_COUNT, type IntroTimings } from './introSequence'

/** Fast steps (the start delay stays long enough to check the initial state on a loaded machine); the spec's are INTRO_TIMINGS. */
const FAST: IntroTimings = { startDelayMs: 1000, stepMs: 25, popupDelayMs: 100, rotateMs: 300 }

const meta = {
  title: 'Components/Header',
  component: Header,
  args: { timings: FAST },
  parameters: { route: '/pricing' },
} satisfies Meta<typeof Header>
export default meta
type Story = StoryObj<typeof meta>

const visibleDecorative = (root: HTMLElement) =>
  [...root.querySelectorAll<HTMLElement>('[data-decorative-item]')].filter((el) => {
    const s = getComputedStyle(el)
    return s.display !== 'none' && s.visibility !== 'hidden'
  })

/** Before the intro starts: logo, the three links, Apply For Free Trial and all 18 decorative items. */
export const Initial: Story = {
  args: { intro: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('link', { name: 'VoiceOS home' })).toHaveAttribute('href', '/')
    const nav = canvas.getByRole('navigation', { name: 'Main' })
    const links = within(nav).getAllByRole('link')
    await expect(links.map((l) => l.textContent)).toEqual(['Home', 'Pricing', 'Resources'])
    await expect(within(nav).getByRole('link', { name: 'Resources' })).toHaveAttribute('href', '/feedback')
    await expect(within(nav).getByRole('link', { name: 'Pricing' })).toHaveAttribute('aria-current', 'page')
    await expect(canvas.getByRole('link', { name: 'Apply For Free Trial' })).toHaveAttribute('href', '/waitlist')
    await expect(visibleDecorative(canvasElement)).toHaveLength(DECORATIVE_ITEMS.length)
  },
}

/** The whole intro, step by step: 18 items → they vanish in order → popup with a rotating example → Got it! closes. */
export const IntroSequence: Story = {
  play: async ({ canvasElement, step }) => {
    const body = within(canvasElement.ownerDocument.body)
    await step('all 18 items are shown first', async () => {
      await expect(visibleDecorative(canvasElement)).toHaveLength(18)
    })
    await step('they vanish one by one, first to last', async () => {
      await waitFor(() => expect(visibleDecorative(canvasElement).length).toBeLessThan(18), { timeout: 2000 })
      const left = visibleDecorative(canvasElement).map((el) => el.dataset.decorativeItem)
      await expect(left).toEqual(DECORATIVE_ITEMS.slice(DECORATIVE_ITEMS.length - left.length))
      await waitFor(() => expect(visibleDecorative(canvasElement)).toHaveLength(0), { timeout: 3000 })
      const nav = within(canvasElement).getByRole('navigation', { name: 'Main' })
      await expect(within(nav).getAllByRole('link')).toHaveLength(3)
    })
    await step('the intro popup opens with a rotating example', async () => {
      const dialog = await body.findByRole('dialog', { name: 'Say Bye to Manual Navigation' }, { timeout: 3000 })
      const shown = () =>
        [...dialog.querySelectorAll<HTMLElement>('[data-intro-example]')]
          .filter((el) => !el.hidden)
          .map((el) => el.textContent)
      await expect(shown()).toEqual(['“scroll down”'])
      await waitFor(() => expect(shown()).toEqual(['“scroll up”']), { timeout: 2000 })
    })
    await step('Got it! closes it', async () => {
      const dialog = body.getByRole('dialog')
      within(dialog).getByRole('button', { name: 'Got it!' }).click()
      await waitFor(() => expect(body.queryByRole('dialog')).toBeNull())
    })
  },
}

/** Dark theme, before the intro. */
export const InitialDark: Story = { ...Initial, globals: { theme: 'dark' } }

/** Phone: the links move into a menu and only the first 6 decorative items show. */
export const Phone: Story = {
  args: { intro: false },
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(visibleDecorative(canvasElement).map((e) => e.dataset.decorativeItem)).toEqual(
      DECORATIVE_ITEMS.slice(0, MOBILE_DECORATIVE_COUNT),
    )
    await expect(canvasElement.querySelector('header nav')).not.toBeVisible()
    const menuButton = canvas.getByRole('button', { name: 'Open navigation menu' })
    menuButton.click()
    const body = within(canvasElement.ownerDocument.body)
    const menu = await body.findByRole('menu')
    await expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Home', 'Pricing', 'Resources', 'Apply For Free Trial'])
    // the open menu takes focus (WAI-ARIA menu button pattern): the baseline is taken once it has
    await waitFor(() => expect(menu.contains(canvasElement.ownerDocument.activeElement)).toBe(true))
  },
}

/** Phone in the dark theme. */
export const PhoneDark: Story = { ...Phone, globals: { viewport: { value: 'phone' }, theme: 'dark' } }
