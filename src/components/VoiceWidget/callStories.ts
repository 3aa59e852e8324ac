import type { StoryContext } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import en from '../../../locales/en/voice.json'
import enCall from '../../../locales/en/voiceCall.json'
import hi from '../../../locales/hi/voice.json'
import hiCall from '../../../locales/hi/voiceCall.json'
import { readSiteConfig } from '../../config/site'
import { ScriptedVoiceEngine, type ScriptedEngineOptions, type ScriptStep } from '../../voice/session/scriptedEngine'
import { translate } from '../../voice/widget'
import { inWidget, widgetRoot } from './widgetQueries'

/**
 * What the stories of the widget in a call share (VoiceWidgetCall.stories.tsx, VoiceWidgetProblems.stories.tsx):
 * the scripted engine and its script steps, the copy of the story's locale, and the press / toast / announcement
 * helpers their play functions use. Each state is a light English story and a dark Hindi one ({@link DARK_HINDI}).
 * @module
 */

/** Scripted-engine config: keys present, realtime off. */
export const scriptedConfig = { ...readSiteConfig({}), voiceEngine: 'scripted' as const }

/** The engine of the story that is playing (its `sent` and `mutes` are asserted). */
let current: ScriptedVoiceEngine | null = null
/**
 * The scripted engine the playing story's widget created at its press.
 * @throws Error when no story has pressed the mic yet
 */
export function currentEngine(): ScriptedVoiceEngine {
  if (!current) throw new Error('no scripted engine yet: the story has not pressed the mic')
  return current
}
/** An engine factory for a story's `createEngine` arg; the engine it creates becomes {@link currentEngine}. */
export const engine = (options: ScriptedEngineOptions) => () => (current = new ScriptedVoiceEngine(options))

/** A script step `ms` milliseconds after the engine's start. */
export const at = (ms: number, step: Omit<ScriptStep, 'at'>): ScriptStep => ({ ...step, at: ms }) as ScriptStep
/** `call-start` 40 ms after the press. */
export const CALL_START = at(40, { event: 'call-start', args: [] })
/** A `transcript` message (Vapi's message type) of `role` at `ms`. */
export const transcript = (ms: number, role: 'user' | 'assistant', text: string, type: 'partial' | 'final' = 'final') =>
  at(ms, { event: 'message', args: [{ type: 'transcript', role, transcriptType: type, transcript: text }] })
/** A level every 100 ms from `from` for `forMs` (long enough to outlast the play function and the screenshot). */
export const levels = (event: 'volume-level' | 'local-volume-level', level: number, from = 100, forMs = 30_000) =>
  Array.from({ length: forMs / 100 }, (_, i) => at(from + i * 100, { event, args: [level] }))

/** Dark theme, Hindi copy: the second variant of every state. */
export const DARK_HINDI = { theme: 'dark', locale: 'hi' } as const

/** A lookup of a copy key in the story's locale (idle copy first, then the in-call copy). */
export type CopyLookup = (key: string, values?: Record<string, string>) => string

/** The copy of the story's locale (idle and in-call) and a lookup in it. */
export const copyOf = (ctx: Pick<StoryContext, 'globals'>): CopyLookup => {
  const [copy, call] = ctx.globals.locale === 'hi' ? [hi, hiCall] : [en, enCall]
  return (key, values) => translate(copy, key, values) || translate(call as unknown as typeof en, key, values)
}

/** Presses the mic and waits for the call (or the failed start) to settle into `status`. */
export const press = async (el: HTMLElement, t: CopyLookup, status = 'listening') => {
  const w = await inWidget(el)
  await userEvent.click(w.getByRole('button', { name: t('widget.start') }))
  // the first press of a file loads the session, engine and conversation chunks in the dev server: give it time
  await waitFor(() => expect(widgetRoot(el)).toHaveAttribute('data-status', status), { timeout: 5000 })
  await waitFor(() => expect(widgetRoot(el).querySelector('[data-testid="voice-announcer"]')).not.toBeNull())
  // A started call's "active" toast comes after the frame that paints Listening (src/voice/session/session.ts),
  // which a busy machine delays: wait for it, so that a later dismissToasts removes it instead of racing it.
  if (status === 'listening')
    await waitFor(() => expect(within(widgetRoot(el)).getByText(t('widget.toast.active.title'))).toBeVisible(), {
      timeout: 5000,
    })
  return w
}

/** Dismisses every toast (they time out, so they are not part of the baselines). */
export const dismissToasts = async (el: HTMLElement, t: CopyLookup) => {
  for (const b of within(widgetRoot(el)).queryAllByRole('button', { name: t('widget.dismiss') }))
    await userEvent.click(b)
  await waitFor(() => expect(within(widgetRoot(el)).queryAllByTestId('voice-toast')).toHaveLength(0))
}

/** Waits for a toast with this title and description. */
export const toast = async (el: HTMLElement, title: string, description: string) => {
  await waitFor(() => expect(within(widgetRoot(el)).getByText(title)).toBeVisible())
  await expect(within(widgetRoot(el)).getByText(description)).toBeVisible()
}

/**
 * Every text the announcer region is given from now on (records, not the region: observers batch).
 * @throws Error when the conversation panel (and its announcer) is not loaded yet
 */
export const recordAnnouncements = (el: HTMLElement): string[] => {
  const heard: string[] = []
  const region = widgetRoot(el).querySelector('[data-testid="voice-announcer"]')
  if (!region) throw new globalThis.Error('the conversation panel is not loaded')
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) heard.push((n.textContent ?? '').trim())
  }).observe(region, { childList: true, characterData: true, subtree: true })
  return heard
}
