import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import type { ScriptStep } from '../../voice/session/scriptedEngine'
import { TRANSCRIPT_CAP } from '../../voice/widget/conversation'
import {
  at,
  CALL_START,
  copyOf,
  currentEngine,
  DARK_HINDI,
  dismissToasts,
  engine,
  levels,
  press,
  recordAnnouncements,
  scriptedConfig,
  transcript,
} from './callStories'
import { VoiceWidgetContainer } from './VoiceWidgetContainer'
import { widgetRoot } from './widgetQueries'

/**
 * The widget in a call (scripted engine): the conversation of both sides, typing instead of speaking, mute, the
 * speaking / volume indicator, the start stages, and the open widget on a phone. The states that say what to do
 * after a failed start or an ending are in VoiceWidgetProblems.stories.tsx. Each state is a light English story and
 * a dark Hindi one; play functions assert roles, names, `aria-pressed` and what the live regions say, axe runs after
 * each, and each has a baseline.
 */

const meta = {
  title: 'Voice/VoiceWidget/In a call',
  component: VoiceWidgetContainer,
  args: { config: scriptedConfig, createEngine: engine({ script: [CALL_START] }) },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof VoiceWidgetContainer>
export default meta
type Story = StoryObj<typeof meta>

// ---- the conversation ----

/** The turns come after the press has settled (the play function records the announcements from then on). */
const CONVERSATION: ScriptStep[] = [
  CALL_START,
  transcript(500, 'assistant', 'Hi! What can I do for you?'),
  transcript(650, 'user', 'Show me the pricing', 'partial'),
  transcript(800, 'user', 'Show me the pricing.'),
  transcript(950, 'assistant', 'Here is the pricing section.'),
  transcript(1100, 'user', 'What does the', 'partial'),
]

/** Both sides of the conversation in a log, the visitor's words as they speak; one announcement per finished turn. */
export const Conversation: Story = {
  args: { createEngine: engine({ script: CONVERSATION }) },
  play: async (ctx) => {
    const t = copyOf(ctx)
    const el = ctx.canvasElement
    const w = await press(el, t)
    const heard = recordAnnouncements(el)
    const log = await waitFor(() => w.getByRole('log', { name: t('widget.conversation.label') }))
    await waitFor(() => expect(log.querySelectorAll('.turn')).toHaveLength(3), { timeout: 3000 })
    await waitFor(() => expect(w.getByTestId('voice-transcript')).toHaveTextContent('“What does the”'), {
      timeout: 3000,
    })
    await expect(log).toHaveAttribute('aria-live', 'off')
    await expect(log).toHaveTextContent('Show me the pricing.')
    await expect(log).toHaveTextContent('Here is the pricing section.')
    await waitFor(() =>
      expect(heard).toEqual([
        t('widget.conversation.said.assistant', { text: 'Hi! What can I do for you?' }),
        t('widget.conversation.said.user', { text: 'Show me the pricing.' }),
        t('widget.conversation.said.assistant', { text: 'Here is the pricing section.' }),
      ]),
    )
    await expect(w.getByTestId('voice-hint')).toHaveTextContent(t('widget.hints.listening'))
    await expect(w.getByRole('button', { name: t('widget.conversation.toggle') })).toHaveAttribute(
      'aria-expanded',
      'true',
    )
    await dismissToasts(el, t)
  },
}
export const ConversationDarkHindi: Story = { ...Conversation, globals: DARK_HINDI }

/** A long call: the log keeps the newest turns (at most 50), scrolls, and stays where the visitor scrolled to. */
export const LongConversation: Story = {
  parameters: { visual: false },
  args: {
    createEngine: engine({
      script: [
        CALL_START,
        ...Array.from({ length: TRANSCRIPT_CAP + 6 }, (_, i) =>
          transcript(100 + i * 10, i % 2 ? 'assistant' : 'user', `Turn ${i + 1}`),
        ),
      ],
    }),
  },
  play: async (ctx) => {
    const t = copyOf(ctx)
    const w = await press(ctx.canvasElement, t)
    const log = await waitFor(() => w.getByRole('log'))
    await waitFor(() => expect(log).toHaveTextContent(`Turn ${TRANSCRIPT_CAP + 6}`))
    await expect(log.querySelectorAll('.turn')).toHaveLength(TRANSCRIPT_CAP)
    await expect(log).not.toHaveTextContent(/Turn 6\b/)
    // the newest is in view (scrolled to at the frame after it was drawn)
    await waitFor(() => expect(log.scrollTop + log.clientHeight).toBeGreaterThanOrEqual(log.scrollHeight - 8))
    // keyboard: the log is focusable, so it scrolls with the arrow keys
    await expect(log).toHaveAttribute('tabindex', '0')
    log.scrollTop = 0
    log.dispatchEvent(new Event('scroll'))
    currentEngine().emitNow('message', {
      type: 'transcript',
      role: 'assistant',
      transcriptType: 'final',
      transcript: 'One more',
    })
    await waitFor(() => expect(log).toHaveTextContent('One more'))
    await expect(log.scrollTop).toBe(0) // the visitor scrolled up: not yanked down
    // collapsible
    const toggle = w.getByRole('button', { name: t('widget.conversation.toggle') })
    await userEvent.click(toggle)
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(log).not.toBeVisible()
  },
}

// ---- typing instead of speaking ----

/** Type instead of speak: empty input is refused with a message; the text goes into the call as the visitor's turn. */
export const TypedMessage: Story = {
  args: {
    createEngine: engine({
      script: [CALL_START],
      replies: (m) =>
        m.type === 'add-message' && m.message.role === 'user'
          ? [transcript(150, 'assistant', `Opening the pricing page.`)]
          : [],
    }),
  },
  play: async (ctx) => {
    const t = copyOf(ctx)
    const el = ctx.canvasElement
    const w = await press(el, t)
    await dismissToasts(el, t)
    const input = await waitFor(() => w.getByRole('textbox', { name: t('widget.conversation.inputLabel') }))
    const send = w.getByRole('button', { name: t('widget.conversation.send') })
    await userEvent.click(send)
    await expect(w.getByRole('alert')).toHaveTextContent(t('widget.conversation.empty'))
    await expect(input).toHaveAttribute('aria-invalid', 'true')
    await userEvent.type(input, 'open the pricing page{Enter}')
    await expect(input).toHaveValue('')
    await expect(input).not.toHaveAttribute('aria-invalid')
    await expect(currentEngine().sent.filter((m) => m.type === 'add-message' && m.message.role === 'user')).toEqual([
      {
        type: 'add-message',
        message: { role: 'user', content: 'open the pricing page' },
        triggerResponseEnabled: true,
      },
    ])
    await expect(w.getByTestId('voice-announcer')).toHaveTextContent(t('widget.conversation.sent'))
    await waitFor(() => expect(w.getByRole('log')).toHaveTextContent('Opening the pricing page.'))
    await expect(w.getByRole('log')).toHaveTextContent('open the pricing page')
    await waitFor(() =>
      expect(w.getByTestId('voice-announcer')).toHaveTextContent(
        t('widget.conversation.said.assistant', { text: 'Opening the pricing page.' }),
      ),
    )
    input.blur()
  },
}
export const TypedMessageDarkHindi: Story = { ...TypedMessage, globals: DARK_HINDI }

/** Sending fails (the call can no longer take it): a message says so and the typed text stays. */
export const TypedMessageFails: Story = {
  play: async (ctx) => {
    const t = copyOf(ctx)
    const el = ctx.canvasElement
    const w = await press(el, t)
    await dismissToasts(el, t)
    currentEngine().failSends = true
    const input = await waitFor(() => w.getByRole('textbox', { name: t('widget.conversation.inputLabel') }))
    await userEvent.type(input, 'scroll down{Enter}')
    await expect(w.getByRole('alert')).toHaveTextContent(t('widget.conversation.sendFailed'))
    await expect(input).toHaveValue('scroll down')
    await expect(widgetRoot(el).getRootNode()).toHaveProperty('activeElement', input)
    input.blur()
  },
}
export const TypedMessageFailsDarkHindi: Story = { ...TypedMessageFails, globals: DARK_HINDI }

// ---- mute and the speaking / volume indicator ----

/** Mute: a toggle button whose name stays the same, `aria-pressed` says the state; the hint says how to go on. */
export const Muted: Story = {
  args: { createEngine: engine({ script: [CALL_START, ...levels('local-volume-level', 0.6)] }) },
  play: async (ctx) => {
    const t = copyOf(ctx)
    const el = ctx.canvasElement
    const w = await press(el, t)
    await dismissToasts(el, t)
    const mute = await waitFor(() => w.getByRole('button', { name: t('widget.conversation.mute') }))
    await expect(mute).toHaveAttribute('aria-pressed', 'false')
    mute.focus()
    await userEvent.keyboard('{Enter}')
    await expect(mute).toHaveAttribute('aria-pressed', 'true')
    await expect(currentEngine().mutes).toEqual([true])
    await expect(currentEngine().isMuted()).toBe(true)
    await expect(w.getByTestId('voice-hint')).toHaveTextContent(t('widget.hints.muted'))
    await waitFor(() => expect(w.getByTestId('voice-meter')).toHaveTextContent(t('widget.conversation.level.muted')))
    await userEvent.keyboard(' ')
    await expect(mute).toHaveAttribute('aria-pressed', 'false')
    await userEvent.keyboard(' ')
    await expect(mute).toHaveAttribute('aria-pressed', 'true')
    await expect(currentEngine().mutes).toEqual([true, false, true])
    mute.blur()
  },
}
export const MutedDarkHindi: Story = { ...Muted, globals: DARK_HINDI }

/** The visitor's microphone level ("We hear you"), drawn per frame from `local-volume-level`. */
export const VisitorSpeaking: Story = {
  args: { createEngine: engine({ script: [CALL_START, ...levels('local-volume-level', 0.3)] }) },
  play: async (ctx) => {
    const t = copyOf(ctx)
    const el = ctx.canvasElement
    const w = await press(el, t)
    await dismissToasts(el, t)
    const meter = await waitFor(() => w.getByTestId('voice-meter'))
    await waitFor(() => expect(meter).toHaveTextContent(t('widget.conversation.level.visitor')))
    await expect(meter).toHaveAttribute('data-who', 'visitor')
    await expect(meter).toHaveAttribute('aria-hidden', 'true')
    await expect(meter.style.getPropertyValue('--level')).toBe('0.30')
  },
}
export const VisitorSpeakingDarkHindi: Story = { ...VisitorSpeaking, globals: DARK_HINDI }

/** The assistant's level (`volume-level`) while it speaks. */
export const AssistantSpeaking: Story = {
  args: {
    createEngine: engine({
      script: [CALL_START, transcript(100, 'assistant', 'Here you go', 'partial'), ...levels('volume-level', 0.8)],
    }),
  },
  play: async (ctx) => {
    const t = copyOf(ctx)
    const el = ctx.canvasElement
    const w = await press(el, t)
    await dismissToasts(el, t)
    const meter = await waitFor(() => w.getByTestId('voice-meter'))
    await waitFor(() => expect(meter).toHaveTextContent(t('widget.conversation.level.assistant')))
    await expect(meter).toHaveAttribute('data-who', 'assistant')
    await expect(w.getByTestId('voice-transcript')).toHaveTextContent('“Here you go”')
  },
}
export const AssistantSpeakingDarkHindi: Story = { ...AssistantSpeaking, globals: DARK_HINDI }

// ---- connecting ----

/** While connecting: the start stage in progress (a short label per stage) and what to do meanwhile. */
export const ConnectingStage: Story = {
  args: {
    createEngine: engine({
      hang: true,
      script: [
        at(10, {
          event: 'call-start-progress',
          args: [{ stage: 'web-call-creation', status: 'started', timestamp: '' }],
        }),
        at(60, {
          event: 'call-start-progress',
          args: [{ stage: 'daily-call-join', status: 'started', timestamp: '' }],
        }),
      ],
    }),
  },
  play: async (ctx) => {
    const t = copyOf(ctx)
    const w = await press(ctx.canvasElement, t, 'connecting')
    await waitFor(() => expect(w.getByTestId('voice-stage')).toHaveTextContent(t('widget.stage.daily-call-join')))
    await expect(w.getByTestId('voice-hint')).toHaveTextContent(t('widget.hints.connecting'))
    await expect(w.getByTestId('voice-live')).toHaveTextContent(t('widget.status.connecting'))
    await expect(w.getByRole('button', { name: t('widget.cancel') })).toBeVisible()
  },
}
export const ConnectingStageDarkHindi: Story = { ...ConnectingStage, globals: DARK_HINDI }

// ---- a phone ----

/**
 * On a 390 px phone the open widget — panel with a conversation, the newest toast — covers at most a third of
 * the viewport (the union of its boxes' areas, measured on a 2 px grid), and the log starts collapsed.
 */
export const PhoneConversation: Story = {
  args: { createEngine: engine({ script: CONVERSATION }) },
  globals: { viewport: { value: 'phone' } },
  play: async (ctx) => {
    const t = copyOf(ctx)
    const el = ctx.canvasElement
    const w = await press(el, t)
    await waitFor(() => expect(w.getByTestId('voice-transcript')).toHaveTextContent('“What does the”'), {
      timeout: 3000,
    })
    const toggle = w.getByRole('button', { name: t('widget.conversation.toggle') })
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    const covered = () => {
      const root = widgetRoot(el)
      const boxes = [...root.querySelectorAll<HTMLElement>('.toast, .panel, .mic')]
        .filter((n) => n.checkVisibility())
        .map((n) => n.getBoundingClientRect())
      const vw = window.innerWidth
      const vh = window.innerHeight
      let hits = 0
      let all = 0
      for (let y = 1; y < vh; y += 2)
        for (let x = 1; x < vw; x += 2) {
          all++
          if (boxes.some((b) => x >= b.left && x < b.right && y >= b.top && y < b.bottom)) hits++
        }
      return hits / all
    }
    await expect(window.innerWidth).toBe(390)
    await expect(covered()).toBeLessThanOrEqual(1 / 3)
    // expanded by the visitor, with a toast showing, still within a third
    await userEvent.click(toggle)
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await expect(within(widgetRoot(el)).getAllByTestId('voice-toast').length).toBeGreaterThan(0)
    await expect(covered()).toBeLessThanOrEqual(1 / 3)
    await dismissToasts(el, t)
  },
}
export const PhoneConversationDarkHindi: Story = {
  ...PhoneConversation,
  globals: { ...DARK_HINDI, viewport: { value: 'phone' } },
}
