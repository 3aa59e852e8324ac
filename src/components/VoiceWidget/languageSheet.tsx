import axe from 'axe-core'
import { useEffect, useRef } from 'react'
import en from '../../../locales/en/voice.json'
import enCall from '../../../locales/en/voiceCall.json'
import { VoiceCallError } from '../../voice/engine/errors'
import { ScriptedVoiceEngine, type ScriptStep } from '../../voice/session/scriptedEngine'
import { mountVoiceWidget, type VoiceCopy } from '../../voice/widget'
import type { CallCopyChunk } from '../../voice/widget/callCopy'
import { LANGUAGE_NAMES } from '../../voice/widget/languageNames'
import type { WidgetLanguage } from '../../voice/widget/languages'
import { isRtl } from '../../voice/widget/rtl'

/**
 * One sheet per widget language: the widget in its four states — idle, the consent notice, in a call with a
 * transcript, a problem — at a phone's width (320 px) and a desktop's (640 px: above the 30rem phone breakpoint the
 * widget's layout is the desktop's), in the light and the dark theme: sixteen same-origin iframes, each a page of
 * its own with `<html lang>` (and `dir`) of the language, so the widget's media queries and fixed position see a
 * real viewport of that size. {@link sheetProblems} finds clipped or overflowing text, boxes outside the frame,
 * English in a non-English sheet, an unmirrored right-to-left widget and axe violations, frame by frame.
 * @module
 */

/** The widget's states a sheet shows, a row each: 320 px light and dark, then 640 px light and dark. */
export const SHEET_STATES = ['idle', 'consent', 'call', 'problem'] as const
export type SheetState = (typeof SHEET_STATES)[number]
/** The frame widths (px): a small phone and, above the 30rem breakpoint, the desktop layout. */
export const SHEET_WIDTHS = [320, 640] as const
const THEMES = ['light', 'dark'] as const
/**
 * Frame height per state (px): what the state needs with room to spare — the check that every box lies inside its
 * frame holds the widget to it. A phone is at least 568 px tall (320×568), so these are within a real phone.
 */
const HEIGHTS: Record<SheetState, number> = { idle: 140, consent: 460, call: 520, problem: 420 }

/**
 * The story viewport that holds a whole sheet (px): a frame's content is painted only inside the browser's
 * viewport, so the sheet must fit in it for its screenshot (vitest.config.ts sizes the browser window to hold it).
 */
export const SHEET_VIEWPORT = {
  width: 8 * 2 + 3 * 8 + 2 * (SHEET_WIDTHS[0] + SHEET_WIDTHS[1] + 4),
  height: 8 * 2 + 3 * 8 + SHEET_STATES.reduce((h, s) => h + HEIGHTS[s] + 2, 0),
}

const VOICE_COPIES = import.meta.glob<VoiceCopy>('../../../locales/*/voice.json', { import: 'default' })
const CALL_COPIES = import.meta.glob<unknown>('../../../locales/*/voiceCall.json', { import: 'default' })
/** The in-call copy of every widget language, as the embed passes it (src/embed/app.ts). */
const callCopy: CallCopyChunk = (l) => CALL_COPIES[`../../../locales/${l}/voiceCall.json`]

/** The idle copy (`locales/<lang>/voice.json`) of a widget language. */
export const loadCopy = (lang: WidgetLanguage): Promise<VoiceCopy> =>
  VOICE_COPIES[`../../../locales/${lang}/voice.json`]!()

/** The example command of the copy's "speak naturally" toast (the words between its quotation marks), else the greeting. */
function exampleCommand(copy: VoiceCopy): string {
  const w = copy.widget as unknown as { greeting: string; toast: { active: { description: string } } }
  return /[“”"]([^“”"]+)[“”"]/.exec(w.toast.active.description)?.[1] ?? w.greeting
}

/** The scripted call of the `call` state: the assistant greets, the visitor says the example command, and goes on. */
function callScript(copy: VoiceCopy): ScriptStep[] {
  const greeting = (copy.widget as unknown as { greeting: string }).greeting
  const said = exampleCommand(copy)
  const turn = (at: number, role: 'user' | 'assistant', text: string, type: 'partial' | 'final'): ScriptStep => ({
    at,
    event: 'message',
    args: [{ type: 'transcript', role, transcriptType: type, transcript: text }],
  })
  return [
    { at: 20, event: 'call-start', args: [] },
    turn(60, 'assistant', greeting, 'final'),
    turn(100, 'user', said, 'final'),
    turn(140, 'user', said, 'partial'),
  ]
}

/** The engine of a frame: a scripted call, or (the `problem` state) a start the browser's blocked microphone fails. */
const engineFor = (state: SheetState, copy: VoiceCopy) => () =>
  state === 'problem'
    ? new ScriptedVoiceEngine({
        script: [],
        failStart: true,
        failAfterMs: 10,
        startError: {
          type: 'daily-call-join-error',
          message: 'English engine text the visitor never sees',
          error: new VoiceCallError('daily-call-join-error', 'x', new DOMException('denied', 'NotAllowedError')),
          timestamp: '',
        },
      })
    : new ScriptedVoiceEngine({ script: callScript(copy) })

/** Props of {@link LanguageSheet}. */
export interface LanguageSheetProps {
  /** The widget language of the sheet. */
  lang: WidgetLanguage
}

/**
 * The sheet: a grid of frames, a row per state and theme, a column per width; each frame's page has the language's
 * `lang`/`dir` and the theme's colour scheme, and the widget mounted as the embed mounts it (consent required in the
 * `consent` frame only). The play function drives each frame into its state ({@link driveFrame}).
 */
export function LanguageSheet({ lang }: LanguageSheetProps) {
  const grid = useRef<HTMLDivElement>(null)
  useEffect(() => {
    let cancelled = false
    const handles: { destroy(): void }[] = []
    void loadCopy(lang).then((copy) => {
      if (cancelled) return
      for (const frame of grid.current!.querySelectorAll('iframe')) {
        const { state, theme } = frame.dataset as { state: SheetState; theme: 'light' | 'dark' }
        const doc = frame.contentDocument!
        doc.documentElement.lang = lang
        doc.documentElement.dir = isRtl(lang) ? 'rtl' : 'ltr'
        doc.documentElement.style.colorScheme = theme
        doc.title = LANGUAGE_NAMES[lang] ?? lang
        doc.body.style.margin = '0'
        doc.body.style.background = 'Canvas'
        doc.body.style.color = 'CanvasText'
        doc.body.style.font = '16px/1.5 system-ui, sans-serif'
        // a host page of the language: its own name as the heading
        const main = doc.createElement('main')
        const h1 = doc.createElement('h1')
        h1.textContent = doc.title
        h1.style.cssText = 'margin: 8px 12px; font-size: 16px;'
        main.append(h1)
        doc.body.append(main)
        const host = doc.createElement('div')
        host.setAttribute('data-voiceos', '')
        doc.body.append(host)
        handles.push(
          mountVoiceWidget(host, {
            copy,
            lang,
            callCopy,
            configured: true,
            createEngine: engineFor(state, copy),
            assistantId: 'asst_sheet',
            realtime: null,
            theme,
            consent: { required: state === 'consent' },
            consentStorage: null,
            toastDurationMs: 60_000,
            logger: { info() {}, warn() {}, error() {} },
          }),
        )
      }
      grid.current!.dataset.mounted = 'true'
    })
    return () => {
      cancelled = true
      for (const h of handles) h.destroy()
    }
  }, [lang])
  return (
    <div
      ref={grid}
      style={{
        display: 'grid',
        gridTemplateColumns: SHEET_WIDTHS.flatMap((w) => THEMES.map(() => `${w + 2}px`)).join(' '),
        gap: 8,
        padding: 8,
        width: 'max-content',
      }}
    >
      {SHEET_STATES.flatMap((state) =>
        SHEET_WIDTHS.flatMap((width) =>
          THEMES.map((theme) => (
            <iframe
              key={`${state}-${theme}-${width}`}
              title={`${lang} ${state} ${theme} ${width}px`}
              data-state={state}
              data-theme={theme}
              style={{
                width,
                height: HEIGHTS[state],
                boxSizing: 'content-box',
                border: '1px solid #808080',
                display: 'block',
              }}
            />
          )),
        ),
      )}
    </div>
  )
}

/** The widget's shadow root in a frame of the sheet. */
export function frameShadow(frame: HTMLIFrameElement): ShadowRoot {
  const shadow = frame.contentDocument?.querySelector('[data-voiceos]')?.shadowRoot
  if (!shadow) throw new Error(`${frame.title}: the widget is not mounted`)
  return shadow
}

const byTestId = (shadow: ShadowRoot, id: string) => shadow.querySelector<HTMLElement>(`[data-testid="${id}"]`)

/** Resolves once `ok()` holds, checking every 20 ms; rejects with `what` after `timeoutMs`. */
async function until(ok: () => boolean, what: string, timeoutMs = 8000): Promise<void> {
  const end = performance.now() + timeoutMs
  while (!ok()) {
    if (performance.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

/**
 * Drives one frame into its state with the widget's own controls (a click, as a visitor's press): the notice open,
 * the call listening with its turns, or the blocked microphone's explanation; toasts dismissed (they time out, so
 * they are no part of a baseline), focus left nowhere (a focus ring would show in one frame only), fonts loaded,
 * finite animations finished and infinite ones stopped.
 */
export async function driveFrame(frame: HTMLIFrameElement): Promise<void> {
  const state = frame.dataset.state as SheetState
  const shadow = frameShadow(frame)
  const root = byTestId(shadow, 'voice-widget')!
  const mic = byTestId(shadow, 'voice-mic')!
  const name = frame.title
  if (state === 'consent') {
    mic.click()
    await until(() => byTestId(shadow, 'voice-consent')?.hidden === false, `${name}: the notice`)
  } else if (state === 'call') {
    mic.click()
    await until(() => root.dataset.status === 'listening', `${name}: listening`)
    await until(() => (byTestId(shadow, 'voice-log')?.querySelectorAll('.turn').length ?? 0) >= 2, `${name}: turns`)
    await until(() => !!byTestId(shadow, 'voice-transcript')?.textContent, `${name}: the transcript`)
    // The "active" toast comes after the frame that paints Listening (src/voice/session/session.ts), which a busy
    // machine delays: wait for it, so that it is dismissed below rather than drawn into the baseline.
    await until(() => shadow.querySelector('[data-testid="voice-toast"]') !== null, `${name}: the active toast`)
  } else if (state === 'problem') {
    mic.click()
    await until(
      () => root.dataset.status === 'idle' && !!byTestId(shadow, 'voice-hint')?.textContent,
      `${name}: problem`,
    )
  }
  for (const b of shadow.querySelectorAll<HTMLElement>('[data-testid="voice-toast"] button')) b.click()
  await until(() => shadow.querySelectorAll('[data-testid="voice-toast"]').length === 0, `${name}: toasts gone`)
  ;(shadow.activeElement as HTMLElement | null)?.blur()
  const doc = frame.contentDocument!
  await doc.fonts.ready
  // finite animations (a panel opening) finish; infinite ones (the mic's pulse) stop, as the screenshot stops them
  const infinite = (a: Animation) => !Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity)
  for (const el of [root, ...shadow.querySelectorAll('*')])
    for (const a of el.getAnimations()) if (infinite(a)) a.cancel()
  await Promise.all(
    doc
      .getAnimations()
      .filter((a) => !infinite(a))
      .map((a) => a.finished.catch(() => undefined)),
  )
}

const XHTML = 'http://www.w3.org/1999/xhtml'

/** A short description of an element for a failure message: tag, test id or class, and the start of its text. */
function describe(el: Element): string {
  const id = el.getAttribute('data-testid')
  const cls = String(el.getAttribute('class') ?? '').split(' ')[0]
  return `${el.tagName.toLowerCase()}${id ? `[${id}]` : cls ? `.${cls}` : ''} “${(el.textContent ?? '').trim().slice(0, 40)}”`
}

/**
 * Where the layout fails in one frame:
 * - a box that clips its content: `overflow` hidden or clip (an ellipsis too) with `scrollWidth` / `scrollHeight`
 *   beyond `clientWidth` / `clientHeight` by more than 1 px, or any box that would scroll across (the widget never
 *   scrolls sideways; the conversation log scrolls down by design);
 * - text spilling out of the box it is laid out in (a line's rectangle outside its nearest non-inline ancestor);
 * - a visible box not wholly inside the frame's viewport.
 * Visually hidden text (boxes of 1 px) is left out. Run with the frame's infinite animations cancelled (the mic's
 * pulse ring grows past the mic): {@link driveFrame} does.
 */
export function layoutProblems(frame: HTMLIFrameElement): string[] {
  const view = frame.contentWindow!
  const [vw, vh] = [view.innerWidth, view.innerHeight]
  const shadow = frameShadow(frame)
  const out: string[] = []
  const blockOf = (node: Node): HTMLElement | null => {
    for (let e = node.parentElement; e; e = e.parentElement) {
      const d = view.getComputedStyle(e).display
      if (d !== 'inline' && d !== 'contents') return e
    }
    return null
  }
  for (const el of shadow.querySelectorAll<HTMLElement>('*')) {
    if (el.namespaceURI !== XHTML || ['STYLE', 'SCRIPT'].includes(el.tagName) || !el.checkVisibility()) continue
    const r = el.getBoundingClientRect()
    if (r.width <= 1 || r.height <= 1) continue
    if (r.left < -0.5 || r.top < -0.5 || r.right > vw + 0.5 || r.bottom > vh + 0.5)
      out.push(
        `${describe(el)} lies outside the ${vw}×${vh} frame (${Math.round(r.left)},${Math.round(r.top)}–${Math.round(r.right)},${Math.round(r.bottom)})`,
      )
    const style = view.getComputedStyle(el)
    if (style.display === 'inline' || style.display === 'contents') continue
    if (style.overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1)
      out.push(`${describe(el)} cuts or scrolls its content across (${el.scrollWidth} > ${el.clientWidth} px)`)
    if (['hidden', 'clip'].includes(style.overflowY) && el.scrollHeight > el.clientHeight + 1)
      out.push(`${describe(el)} cuts its content down (${el.scrollHeight} > ${el.clientHeight} px)`)
  }
  const walker = frame.contentDocument!.createTreeWalker(shadow, NodeFilter.SHOW_TEXT)
  const range = frame.contentDocument!.createRange()
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!n.textContent?.trim() || !n.parentElement?.checkVisibility() || n.parentElement.closest('style')) continue
    const box = blockOf(n)
    if (!box) continue
    const b = box.getBoundingClientRect()
    if (b.width <= 1 || b.height <= 1) continue
    range.selectNodeContents(n)
    for (const line of range.getClientRects()) {
      if (line.width === 0) continue
      if (line.left < b.left - 1 || line.right > b.right + 1 || line.top < b.top - 1 || line.bottom > b.bottom + 1) {
        out.push(`“${n.textContent.trim().slice(0, 40)}” spills out of ${describe(box)}`)
        break
      }
    }
  }
  return out
}

/** Every text and accessible name the widget shows or says in a frame (text nodes and the attributes people hear). */
export function shownTexts(shadow: ShadowRoot): string[] {
  const out: string[] = []
  const doc = shadow.ownerDocument
  const walker = doc.createTreeWalker(shadow, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT)
  for (let n: Node | null = walker.nextNode(); n; n = walker.nextNode()) {
    if (n.nodeType === Node.TEXT_NODE) {
      if (n.parentElement?.closest('style')) continue
      const t = n.textContent?.trim()
      if (t) out.push(t)
    } else
      for (const a of ['aria-label', 'title', 'placeholder', 'alt', 'aria-roledescription', 'aria-valuetext']) {
        const v = (n as Element).getAttribute(a)?.trim()
        if (v) out.push(v)
      }
  }
  return out
}

const values = (o: unknown): string[] =>
  Object.entries(o as Record<string, unknown>).flatMap(([k, v]) =>
    k === '_provenance' ? [] : typeof v === 'string' ? [v] : values(v),
  )
/** The widget's English sentences (placeholders cut out, 4 characters or more), longest first. */
const ENGLISH = [...new Set([...values(en), ...values(enCall)])]
  .flatMap((s) => s.split(/\{\{\w+\}\}/))
  .map((s) => s.trim())
  .filter((s) => s.length >= 4)
  .sort((a, b) => b.length - a.length)

/**
 * English the widget shows in a non-English frame: any English sentence of its copy; in a language not written in
 * Latin script, any Latin letter too. Hinglish (`hi-Latn`) borrows English words ("mic", "chat"), so only English
 * phrases of three words or more count there. `[]` for English.
 */
export function englishShown(lang: WidgetLanguage, shadow: ShadowRoot): string[] {
  if (lang === 'en') return []
  const latin = lang === 'hi-Latn'
  const english = latin ? ENGLISH.filter((e) => e.split(/\s+/).length >= 3) : ENGLISH
  return shownTexts(shadow).flatMap((s) => [
    ...english.filter((e) => s.includes(e)).map((e) => `“${e}” in “${s}”`),
    ...(!latin && /[A-Za-z]/.test(s) ? [`Latin letters in “${s}”`] : []),
  ])
}

/**
 * Whether the frame's widget is mirrored for its language: the widget's root has the language's `dir`, its panel
 * lays out in that direction, and the notice's first action (Accept) sits at the inline start — left of Cancel in a
 * left-to-right language, right of it in a right-to-left one (above it where the two wrap onto lines of their own).
 */
export function directionProblems(lang: WidgetLanguage, frame: HTMLIFrameElement): string[] {
  const shadow = frameShadow(frame)
  const dir = isRtl(lang) ? 'rtl' : 'ltr'
  const out: string[] = []
  const aside = shadow.querySelector('aside')
  if (aside?.getAttribute('dir') !== dir) out.push(`the widget's dir is ${aside?.getAttribute('dir')}, not ${dir}`)
  const panel = shadow.querySelector<HTMLElement>('.panel')
  if (panel && frame.contentWindow!.getComputedStyle(panel).direction !== dir) out.push(`the panel is not ${dir}`)
  if (frame.dataset.state === 'consent') {
    const [accept, cancel] = [byTestId(shadow, 'voice-consent-primary'), byTestId(shadow, 'voice-consent-secondary')]
    if (accept && cancel) {
      const a = accept.getBoundingClientRect()
      const c = cancel.getBoundingClientRect()
      // side by side: Accept toward the inline start; stacked (a narrow notice): Accept above
      const sideBySide = a.top < c.bottom && c.top < a.bottom
      const startFirst = !sideBySide ? a.top < c.top : dir === 'ltr' ? a.left < c.left : a.right > c.right
      if (!startFirst) out.push(`the notice's Accept is not at the inline start of ${dir}`)
    }
  }
  return out
}

/**
 * axe-core run in the frame's own document (the same axe-core as the a11y addon's, injected once per frame), with
 * the addon's settings (`region` off); `[]` when clean.
 */
export async function axeViolations(frame: HTMLIFrameElement): Promise<string[]> {
  const view = frame.contentWindow as unknown as { axe?: Pick<typeof axe, 'run'> }
  const doc = frame.contentDocument!
  if (!view.axe) {
    const script = doc.createElement('script')
    script.textContent = axe.source
    doc.head.append(script)
  }
  const result = await view.axe!.run(doc, { rules: { region: { enabled: false } } })
  return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)
}
