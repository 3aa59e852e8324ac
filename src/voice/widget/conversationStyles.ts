/**
 * CSS of the in-call panel (./conversationView.ts), added to the widget's shadow root when that module loads
 * (never with the idle widget). Colours are the widget's tokens (./styles.ts) plus, checked for WCAG AA against
 * the panel: the field border #71717a on #ffffff 4.8:1 and #a1a1aa on #15121f 7.6:1 (≥ 3:1 for a control's
 * boundary), the error text #b91c1c on #ffffff 6.5:1 and #fca5a5 on #15121f 9.9:1. Under
 * `prefers-reduced-motion` the level bars stand still at a fixed height (who is audible still shows).
 * On a narrow screen (≤ 30rem, a phone) the log is shorter and starts collapsed, so the open widget stays within a
 * third of the viewport.
 */
export const CONVERSATION_CSS = `
.root { --field-border: #71717a; --error-fg: #b91c1c; }
.root.dark { --field-border: #a1a1aa; --error-fg: #fca5a5; }
.root.active .panel { width: min(20rem, calc(100vw - 6.75rem)); max-width: none; gap: 0.375rem; }
.root.active.compact .panel { width: min(16rem, calc(100vw - 5.75rem)); }
.tools { display: flex; gap: 0.25rem; flex: none; }
.tools[hidden], .tool[hidden], .meter[hidden], .log[hidden], .composer[hidden], .composer-error[hidden] { display: none; }
.tool { all: unset; box-sizing: border-box; display: inline-flex; align-items: center; justify-content: center;
  width: 2rem; height: 2rem; border-radius: 9999px; cursor: pointer; color: var(--fg);
  border: 1px solid var(--field-border); background: var(--panel); }
.tool svg { width: 1rem; height: 1rem; }
.tool.on { background: var(--stop); border-color: var(--stop); color: #ffffff; }
.log-toggle[aria-expanded="true"] { background: var(--fg); border-color: var(--fg); color: var(--panel); }
.meter { display: flex; align-items: center; gap: 0.5rem; margin: 0; min-height: 1.25rem; font-size: 0.75rem;
  line-height: 1.25rem; color: var(--muted); }
.bars { display: inline-flex; align-items: center; gap: 2px; height: 1rem; flex: none; }
.bar { display: block; width: 3px; height: 100%; border-radius: 2px; background: var(--field-border);
  transform: scaleY(0.25); transition: transform 90ms linear; }
.meter[data-who="visitor"] .bar { background: var(--brand); }
.meter[data-who="assistant"] .bar { background: var(--fg); }
.meter[data-who="visitor"] .bar, .meter[data-who="assistant"] .bar { transform: scaleY(clamp(0.25, calc(var(--level, 0) * var(--k)), 1)); }
.bar:nth-child(1) { --k: 1.4; } .bar:nth-child(2) { --k: 2.2; } .bar:nth-child(3) { --k: 1.8; } .bar:nth-child(4) { --k: 1.1; }
.log { display: flex; flex-direction: column; gap: 0.375rem; max-height: min(12rem, 30vh); overflow-y: auto;
  margin: 0; padding: 0.5rem 0.25rem 0 0; border-top: 1px solid var(--border); font-size: 0.875rem;
  overscroll-behavior: contain; border-radius: 0.25rem; }
.log:focus-visible { outline: 2px solid var(--focus); outline-offset: 2px; }
.turn { margin: 0; overflow-wrap: anywhere; }
.who { font-weight: 600; }
.turn.assistant .who, .transcript.assistant .who { color: var(--brand-fg); }
.transcript .who { margin-inline-end: 0.25rem; font-style: normal; }
.composer { display: flex; flex-direction: column; gap: 0.25rem; margin: 0; }
.composer-row { display: flex; gap: 0.375rem; }
.input { all: unset; box-sizing: border-box; flex: 1; min-width: 0; height: 2.25rem; padding: 0 0.625rem;
  font: 400 1rem/1.5 inherit; font-family: inherit; color: var(--fg); background: var(--panel);
  border: 1px solid var(--field-border); border-radius: 0.5rem; appearance: none; cursor: text; }
.input::placeholder { color: var(--muted); opacity: 1; }
.input:focus-visible { outline: 2px solid var(--focus); outline-offset: 1px; }
.input[aria-invalid="true"] { border-color: var(--error-fg); }
.send { all: unset; box-sizing: border-box; display: inline-flex; align-items: center; justify-content: center;
  flex: none; width: 2.25rem; height: 2.25rem; border-radius: 0.5rem; cursor: pointer; background: var(--brand);
  color: var(--brand-contrast); }
.send svg { width: 1.125rem; height: 1.125rem; }
.composer-error { margin: 0; font-size: 0.8125rem; color: var(--error-fg); }
@media (max-width: 30rem) {
  .log { max-height: 6.5rem; }
}
@media (prefers-reduced-motion: reduce) {
  .bar { transition: none; }
  .meter[data-who="visitor"] .bar, .meter[data-who="assistant"] .bar { transform: scaleY(0.7); }
}
@media (forced-colors: active) {
  .tool, .input, .send { border: 1px solid ButtonText; }
  .tool.on { background: Highlight; color: HighlightText; }
  .bar { background: CanvasText; }
}
`
