import { waitFor, within } from 'storybook/test'

/**
 * Queries into the voice widget for stories' play functions. The widget draws itself in a shadow root
 * (`[data-voiceos]` → `#shadow-root` → `[data-testid="voice-widget"]`), which Testing Library's queries do not
 * cross, so plays start from the widget's root element.
 * @module
 */

/**
 * The widget's root element inside its shadow root, now.
 * @param canvas the story's canvas element (or any ancestor of the widget's host element)
 * @throws Error `the widget is not mounted yet` when there is no widget under `canvas`
 */
export function widgetRoot(canvas: HTMLElement): HTMLElement {
  const root = canvas
    .querySelector('[data-voiceos]')
    ?.shadowRoot?.querySelector<HTMLElement>('[data-testid="voice-widget"]')
  if (!root) throw new Error('the widget is not mounted yet')
  return root
}

/**
 * The widget's root element once it is mounted (it mounts after the story renders, from an effect).
 * @throws Error when it has not mounted within `waitFor`'s timeout (1000 ms)
 */
export const widget = (canvas: HTMLElement): Promise<HTMLElement> => waitFor(() => widgetRoot(canvas))

/** Testing Library queries bound to the widget's root, once it is mounted. */
export const inWidget = async (canvas: HTMLElement) => within(await widget(canvas))

/** The element focused inside the widget's shadow root, or `null` when focus is elsewhere. */
export const focused = (canvas: HTMLElement): Element | null =>
  canvas.querySelector('[data-voiceos]')?.shadowRoot?.activeElement ?? null
