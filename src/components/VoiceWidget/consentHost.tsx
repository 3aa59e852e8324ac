import { useEffect, useRef } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import en from '../../../locales/en/voice.json'
import hi from '../../../locales/hi/voice.json'
import { ScriptedVoiceEngine, type ScriptStep } from '../../voice/session/scriptedEngine'
import {
  consentVersion,
  createConsentStore,
  mountVoiceWidget,
  type ConsentSettings,
  type EngineFactory,
  type WidgetPosition,
  type WidgetSize,
} from '../../voice/widget'
import { paintAccent } from '../../voice/widget/branding'

/**
 * The host page of the consent and placement stories (VoiceWidgetConsent.stories.tsx,
 * VoiceWidgetPlacement.stories.tsx): the widget mounted as the embed and the site mount it, with a recording
 * engine factory, an in-memory consent storage per story, and the helpers their play functions share.
 * @module
 */

/** An in-memory `Storage` per story: what a visitor's `localStorage` holds for the origin, nothing shared between stories. */
export function memoryStorage(): Storage {
  const data = new Map<string, string>()
  return {
    get length() {
      return data.size
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, String(v)),
  }
}

export const CALL_START: ScriptStep = { at: 50, event: 'call-start', args: [] }
export const toolCall = (id: string, at: number, name: string, args: Record<string, unknown>): ScriptStep => ({
  at,
  event: 'message',
  args: [{ type: 'tool-calls', toolCallList: [{ id, type: 'function', function: { name, arguments: args } }] }],
})

/** What reached the call engine's factory in this story (`prestart` = POST /call/web + getUserMedia in the live build). */
export const reached: string[] = []

export interface HostProps {
  /** Language of the widget's copy. @default 'en' */
  lang?: 'en' | 'hi'
  /** Widget colour scheme. @default 'light' */
  theme?: 'light' | 'dark'
  /** @default { required: true } */
  consent?: ConsentSettings
  /** Whether the visitor accepted before (a stored acceptance of this notice's version). @default false */
  accepted?: boolean
  position?: WidgetPosition
  size?: WidgetSize
  accentColor?: string
  title?: string
  /** The scripted call. @default call-start only */
  script?: ScriptStep[]
  /** Where the widget's console warnings go (the accent check). @default console */
  warnings?: string[]
  /** A field and a button on the host page for the call's commands to act on. @default false */
  withForm?: boolean
}

/** A host page with the widget mounted as the embed and the site mount it, with a recording engine factory. */
export function ConsentHost({
  lang = 'en',
  theme = 'light',
  consent = { required: true },
  accepted = false,
  position,
  size,
  accentColor,
  title,
  script = [CALL_START],
  warnings,
  withForm = false,
}: HostProps) {
  const host = useRef<HTMLDivElement>(null)
  useEffect(() => {
    reached.length = 0
    const storage = memoryStorage()
    if (accepted) createConsentStore({ version: consentVersion(consent), storage }).accept()
    const factory: EngineFactory = () => {
      reached.push('engine')
      return new ScriptedVoiceEngine({ script })
    }
    factory.prestart = () => {
      reached.push('prestart')
      return {
        url: 'http://127.0.0.1/call/web',
        body: '{}',
        response: new Promise<Response>(() => undefined),
        microphone: null,
        taken: false,
        cancel: () => undefined,
        releaseMicrophone: () => undefined,
      }
    }
    const w = mountVoiceWidget(host.current!, {
      copy: lang === 'hi' ? hi : en,
      lang,
      configured: true,
      createEngine: factory,
      assistantId: 'asst_story',
      realtime: null,
      theme,
      consent,
      consentStorage: storage,
      toastDurationMs: 60_000,
      ...(position && { position }),
      ...(size && { size }),
      ...(accentColor && { accentColor, paintAccent }),
      ...(title && { title }),
      logger: {
        info() {},
        error() {},
        warn: (...a: unknown[]) => void warnings?.push(a.map(String).join(' ')),
      },
    })
    return () => w.destroy()
  }, [lang, theme, consent, accepted, position, size, accentColor, title, script, warnings])
  return (
    <div style={{ padding: 16 }} lang={lang}>
      <p>{lang === 'hi' ? 'एक होस्ट पेज।' : 'A host page.'}</p>
      {withForm && (
        <form onSubmit={(e) => e.preventDefault()} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
          <label>
            Company{' '}
            <input
              name="company"
              style={{
                appearance: 'none',
                border: '1px solid #6b6b6b',
                borderRadius: 4,
                padding: '2px 6px',
                background: 'transparent',
                color: 'inherit',
                font: 'inherit',
              }}
            />
          </label>
          <button
            type="button"
            style={{
              appearance: 'none',
              border: '1px solid #6b6b6b',
              borderRadius: 4,
              padding: '2px 8px',
              background: 'transparent',
              color: 'inherit',
              font: 'inherit',
            }}
          >
            Add Darjeeling
          </button>
        </form>
      )}
      <div ref={host} data-voiceos="" />
    </div>
  )
}

/**
 * Waits for a started call's "active" toast (English or Hindi), which comes after the frame that paints Listening
 * (src/voice/session/session.ts) — on a busy machine after a dismissToasts that did not wait for it.
 */
export async function activeToastShown(w: HTMLElement): Promise<void> {
  await waitFor(
    () =>
      expect(
        within(w).getByText(new RegExp(`^(${en.widget.toast.active.title}|${hi.widget.toast.active.title})$`)),
      ).toBeVisible(),
    {
      timeout: 5000,
    },
  )
}

/** Dismisses every toast from the keyboard (Escape dismisses the newest): toasts are not part of these baselines. */
export async function dismissToasts(w: HTMLElement): Promise<void> {
  for (const b of within(w).queryAllByRole('button', { name: /Dismiss notification|सूचना हटाएँ/ }))
    await userEvent.click(b)
  await waitFor(() => expect(within(w).queryAllByTestId('voice-toast')).toHaveLength(0))
}

/** Sampled area (px²) of the union of `rects` inside the viewport, on a 2 px grid. */
export function coveredArea(rects: DOMRect[], vw: number, vh: number): number {
  let hits = 0
  for (let y = 1; y < vh; y += 2)
    for (let x = 1; x < vw; x += 2)
      if (rects.some((r) => x >= r.left && x < r.right && y >= r.top && y < r.bottom)) hits++
  return hits * 4
}
