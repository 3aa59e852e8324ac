import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { ThemeMenuPopup } from './ThemeMenuPopup'

/** The header's colour-mode menu (the interactive part that loads after hydration). */
const meta = {
  title: 'Components/ThemeMenu',
  component: ThemeMenuPopup,
  decorators: [
    (Story) => (
      <div style={{ display: 'flex', justifyContent: 'flex-end', padding: 16 }}>
        <Story />
      </div>
    ),
  ],
  parameters: { visual: false },
} satisfies Meta<typeof ThemeMenuPopup>
export default meta
type Story = StoryObj<typeof meta>

/** Light / Dark / System as radio items; the trigger's name says the current choice. */
export const Options: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByTestId('theme-menu')
    await expect(trigger).toHaveAccessibleName(/^Colour theme: /)
    await userEvent.click(trigger)
    const menu = await within(canvasElement.ownerDocument.body).findByRole('menu')
    await expect(
      within(menu)
        .getAllByRole('menuitemradio')
        .map((i) => i.textContent),
    ).toEqual(['Light', 'Dark', 'System'])
    // the open menu takes focus (WAI-ARIA menu button pattern); an Escape before then reaches no menu
    await waitFor(() => expect(menu.contains(canvasElement.ownerDocument.activeElement)).toBe(true))
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(trigger).toHaveFocus())
  },
}
