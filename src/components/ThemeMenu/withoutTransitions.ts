/**
 * Runs `change` (a colour-mode switch) with CSS transitions and animations off until two frames later, so
 * buttons and backgrounds jump to the new colours instead of fading through them. This replaces next-themes'
 * `disableTransitionOnChange`, which also ran on every page load: it inserted a `*` rule, forced a style
 * recalculation and removed the rule again, re-matching every element twice during hydration.
 *
 * @param change the state change; next-themes applies the new `html` class in an effect of the same commit.
 * @param doc the document (tests pass their own). @default document
 */
export function withoutTransitions(change: () => void, doc: Document = document): void {
  const style = doc.createElement('style')
  style.setAttribute('data-theme-switch', '')
  style.textContent = '*,*::before,*::after{transition:none!important;animation-duration:0s!important}'
  doc.head.appendChild(style)
  try {
    change()
  } finally {
    const win = doc.defaultView ?? window
    win.requestAnimationFrame(() =>
      win.requestAnimationFrame(() => {
        void win.getComputedStyle(doc.body).transitionDuration // the new colours are computed with transitions off
        style.remove()
      }),
    )
  }
}
