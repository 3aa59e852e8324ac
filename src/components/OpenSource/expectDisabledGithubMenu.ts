import { expect, userEvent, waitFor, within } from 'storybook/test'

/**
 * Play-function step shared by the sections with a GitHub menu: opens the menu named `label`, checks its
 * only item is a disabled "Coming Soon" that does nothing when clicked, then closes it with Escape and
 * checks focus went back to the trigger.
 */
export async function expectDisabledGithubMenu(canvasElement: HTMLElement, label: string): Promise<void> {
  const canvas = within(canvasElement)
  const body = within(canvasElement.ownerDocument.body)
  const trigger = canvas.getByRole('button', { name: label })
  await expect(trigger).toHaveAttribute('aria-haspopup', 'menu')
  await userEvent.click(trigger)
  const menu = await body.findByRole('menu', {}, { timeout: 5000 })
  await waitFor(() => expect(menu).toBeVisible(), { timeout: 5000 })
  const items = within(menu).getAllByRole('menuitem')
  await expect(items.map((i) => i.textContent)).toEqual(['Coming Soon'])
  await expect(items[0]).toHaveAttribute('aria-disabled', 'true')
  await userEvent.click(items[0] as HTMLElement, { pointerEventsCheck: 0 })
  await waitFor(() => expect(body.getByRole('menu')).toBeVisible(), { timeout: 5000 })
  await userEvent.keyboard('{Escape}')
  await waitFor(() => expect(body.queryByRole('menu')).toBeNull())
  await waitFor(() => expect(trigger).toHaveFocus())
}
