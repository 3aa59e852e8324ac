import { expect, waitFor } from 'storybook/test'
import { toaster } from '../Toaster'

/** Open toasts (not the ones animating out), as `{ type, text }`. For stories' play functions. */
export function openToasts(doc: Document = document): { type: string | null; text: string }[] {
  return [...doc.querySelectorAll<HTMLElement>('[data-scope="toast"][data-part="root"]')]
    .filter((el) => el.dataset.state === 'open')
    .map((el) => ({ type: el.dataset.type ?? null, text: el.textContent ?? '' }))
}

/** Waits until an open toast of `type` shows `title` and `description` (exact substrings). */
export async function expectToast(type: 'error' | 'success', title: string, description: string): Promise<void> {
  await waitFor(
    () =>
      expect(openToasts().some((t) => t.type === type && t.text.includes(title) && t.text.includes(description))).toBe(
        true,
      ),
    { timeout: 3000 },
  )
}

/** Removes every toast at once (each story starts with none). */
export function clearToasts(): void {
  toaster.remove()
}

/** Puts `file` in a file input the way a picker would and fires `change` (works for hidden inputs too). */
export function pickFile(input: HTMLInputElement, file: File): void {
  const dt = new DataTransfer()
  dt.items.add(file)
  input.files = dt.files
  input.dispatchEvent(new Event('change', { bubbles: true }))
}

/** The element `aria-describedby` of `el` points at, joined text. */
export function describedText(el: Element): string {
  const ids = (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean)
  return ids.map((id) => el.ownerDocument.getElementById(id)?.textContent ?? '').join(' ')
}
