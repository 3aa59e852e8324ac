import { FONT_STACK } from '../../theme/fontStack'
import { CONSENT_CSS } from './consentDialog'
import { BRANDING_CSS } from './branding'
import { constructedSheet } from './dom'

/**
 * The widget's CSS, scoped to its shadow root (so host CSS cannot reach it and it cannot leak). Colours are
 * the site's AA-checked tokens (src/theme/tokens.ts `CONTRAST_PAIRS`): light brand #6d28d9 on white 7.1:1,
 * dark brand #c4b5fd on #0d0b14 10.6:1, white on the stop/error red #b91c1c 6.5:1, white on the success
 * green #15803d 5.0:1. The owner's accent (`--accent-light`/`--accent-dark`, branding.ts) replaces the brand
 * colour only where it keeps AA in that scheme. Motion honours `prefers-reduced-motion` (SPEC §2 accessibility).
 */
export const WIDGET_CSS = `
:host { all: initial; }
.root {
  all: initial;
  --fg: #18181b; --muted: #52525b; --panel: #ffffff; --border: #e4e4e7;
  --brand: var(--accent-light, #6d28d9); --brand-contrast: var(--accent-light-on, #ffffff);
  --brand-fg: var(--accent-light, #6d28d9); --focus: var(--accent-light, #7c3aed);
  --stop: #b91c1c; --success: #15803d; --info: #27272a;
  position: fixed; z-index: 2147483647; bottom: max(1rem, env(safe-area-inset-bottom));
  right: max(1rem, env(safe-area-inset-right));
  /* Never wider than the viewport: the open panel gives way to the buttons beside it (consent, type instead). */
  max-width: calc(100vw - 2rem);
  display: flex; flex-direction: column; align-items: flex-end; gap: 0.75rem;
  font: 400 16px/1.5 ${FONT_STACK};
  color: var(--fg); -webkit-font-smoothing: antialiased; text-align: start; direction: ltr;
  pointer-events: none;
}
.root.left { right: auto; left: max(1rem, env(safe-area-inset-left)); align-items: flex-start; }
.root[dir=rtl] :is(.panel,.toast,.consent) { direction: rtl; }
.root.dark {
  --fg: #fafafa; --muted: #d4d4d8; --panel: #15121f; --border: #2f2942;
  --brand: var(--accent-dark, #c4b5fd); --brand-contrast: var(--accent-dark-on, #0d0b14);
  --brand-fg: var(--accent-dark, #c4b5fd); --focus: var(--accent-dark, #c4b5fd); --info: #211c30;
}
.root > * { pointer-events: auto; }
.root *, .root *::before, .root *::after { box-sizing: border-box; }
.row { display: flex; gap: 0.75rem; align-items: flex-end; max-width: 100%; }
.left .row { flex-direction: row-reverse; }
.panel {
  display: flex; flex-direction: column; gap: 0.25rem; max-width: min(18rem, 60vw); min-width: 0; padding: 0.75rem 1rem;
  border-radius: 0.75rem; border: 1px solid var(--border); background: var(--panel);
  box-shadow: 0 10px 15px -3px rgb(0 0 0 / 0.12), 0 4px 6px -4px rgb(0 0 0 / 0.1);
}
.panel[hidden], .hint[hidden], .ping[hidden], .detail[hidden], .stage[hidden], .notice-close[hidden] { display: none; }
.head { display: flex; align-items: center; gap: 0.5rem; }
.status { margin: 0; font-weight: 600; font-size: 0.875rem; flex: 1; min-width: 0; overflow-wrap: anywhere; }
.active .status { color: var(--brand-fg); }
.transcript, .detail { margin: 0; font-size: 0.875rem; color: var(--muted); overflow: hidden;
  display: -webkit-box; -webkit-line-clamp: 3; -webkit-box-orient: vertical; overflow-wrap: anywhere; }
/* What to do in this state: never cut short. */
.hint, .stage { margin: 0; font-size: 0.875rem; color: var(--muted); overflow-wrap: anywhere; }
.notice-close { all: unset; box-sizing: border-box; display: inline-flex; align-items: center; justify-content: center;
  flex: none; width: 1.75rem; height: 1.75rem; border-radius: 0.375rem; cursor: pointer; color: var(--fg); }
.notice-close svg { width: 1rem; height: 1rem; }
.mic-wrap { position: relative; flex: none; }
.mic {
  all: unset; box-sizing: border-box; display: inline-flex; align-items: center; justify-content: center;
  width: 4rem; height: 4rem; border-radius: 9999px; cursor: pointer; background: var(--brand);
  color: var(--brand-contrast); box-shadow: 0 10px 15px -3px rgb(0 0 0 / 0.2), 0 4px 6px -4px rgb(0 0 0 / 0.15);
  transition: background-color 150ms ease;
}
.active .mic { background: var(--stop); color: #ffffff; }
.mic:focus-visible, button:focus-visible { outline: 2px solid var(--focus); outline-offset: 2px; }
.mic svg { width: 1.75rem; height: 1.75rem; }
.ping { position: absolute; inset: -6px; border-radius: 9999px; border: 2px solid var(--brand); opacity: 0.6;
  pointer-events: none; animation: ping 1.6s cubic-bezier(0, 0, 0.2, 1) infinite; }
.spinner { width: 1.5rem; height: 1.5rem; border-radius: 9999px; border: 2px solid currentColor;
  border-right-color: transparent; animation: spin 0.65s linear infinite; }
@keyframes ping { 75%, 100% { transform: scale(1.35); opacity: 0; } }
@keyframes spin { to { transform: rotate(360deg); } }
.sr-only { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden;
  clip: rect(0, 0, 0, 0); white-space: nowrap; border: 0; }
.toasts { display: flex; pointer-events: auto; margin: 0; padding: 0; flex-direction: column; gap: 0.5rem; list-style: none;
  width: min(22rem, calc(100vw - 2rem)); }
.toasts:empty { display: none; }
.toast { display: flex; align-items: flex-start; gap: 0.5rem; padding: 0.75rem 0.75rem 0.75rem 1rem;
  border-radius: 0.5rem; color: #ffffff; background: var(--info);
  box-shadow: 0 10px 15px -3px rgb(0 0 0 / 0.2); animation: toast-in 200ms ease-out; }
.toast.success { background: var(--success); }
.toast.error { background: var(--stop); }
.toast-text { flex: 1; min-width: 0; font-size: 0.875rem; overflow-wrap: anywhere; }
.toast-title { margin: 0; font-weight: 600; }
.toast-description { margin: 0; }
.toast button { all: unset; box-sizing: border-box; cursor: pointer; color: inherit; font-size: 0.875rem;
  border-radius: 0.375rem; }
.toast .action { font-weight: 600; padding: 0.25rem 0.75rem; border: 1px solid currentColor; }
.toast .close { display: inline-flex; align-items: center; justify-content: center; width: 1.75rem; height: 1.75rem; }
.toast button:focus-visible { outline-color: #ffffff; }
.toast svg { width: 1rem; height: 1rem; }
/* Only movement: a fading toast would be measured (by people and by axe) at a contrast it never settles at. */
@keyframes toast-in { from { transform: translateY(0.5rem); } }
@media (prefers-reduced-motion: reduce) {
  .ping { animation: none; opacity: 0.6; }
  .spinner { animation-duration: 1.5s; }
  .toast { animation: none; }
  .mic { transition: none; }
}
@media (forced-colors: active) {
  .mic, .toast, .panel { border: 1px solid CanvasText; }
}
${CONSENT_CSS}
/* the network check offered after a failed start */
.check-button {
  all: unset; box-sizing: border-box; cursor: pointer; align-self: flex-start; min-height: 2.75rem;
  padding: 0.5rem 1rem; border-radius: 0.5rem; font-weight: 600; font-size: 0.875rem; line-height: 1.25;
  border: 1px solid var(--muted); color: var(--fg); background: var(--panel);
}
.check-button[aria-disabled='true'] { cursor: progress; }
.check-button[hidden], .check-result[hidden] { display: none; }
.check-result { margin: 0; font-size: 0.875rem; color: var(--fg); }
/* hybrid mode's "type instead" button (the consent control's shape): filled while its chat is open */
.chat-toggle.on { background: var(--brand); color: var(--brand-contrast); border-color: var(--brand); }
.chat-toggle[hidden] { display: none; }
${BRANDING_CSS}`

/**
 * Styles of the host element itself, set through the CSSOM (allowed under a CSP without 'unsafe-inline') and
 * `!important` so that no host rule (`* { all: unset }`, `div { display: none !important }`, z-index wars)
 * can hide or bury it.
 *
 * The host covers the viewport (fixed, inset 0; `pointer-events: none`, so the page under it gets every pointer
 * event) and is a layout boundary: `contain: size layout style` (CSS Containment §3) lets the browser lay out a
 * change inside the widget — a turn added to the log, a status — from the host down, not from the page's root (on
 * a page of 10,000 elements at CPU ×4, 2–3 ms where it was 5–6). Its fixed descendants are placed against the host,
 * which is the viewport's box, so they sit where they did. No paint containment: nothing is clipped.
 */
export const HOST_STYLE: Record<string, string> = {
  all: 'initial',
  display: 'block',
  position: 'fixed',
  'z-index': '2147483647',
  top: '0',
  right: '0',
  bottom: '0',
  left: '0',
  width: 'auto',
  height: 'auto',
  overflow: 'visible',
  visibility: 'visible',
  opacity: '1',
  transform: 'none',
  filter: 'none',
  contain: 'size layout style',
  'pointer-events': 'none',
}

/**
 * The widget's constructed stylesheet (styles.ts; dom.ts {@link constructedSheet}), parsed once per document and
 * shared by every widget's shadow root; `null` where the browser cannot adopt constructed sheets. Calling it
 * before the mount (the embed's widget chunk does, as it is evaluated) keeps the CSS parse out of the mount's
 * task. Never throws.
 */
export function widgetStyleSheet(): CSSStyleSheet | null {
  return constructedSheet(WIDGET_CSS)
}
