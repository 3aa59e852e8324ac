import type { Meta, StoryObj } from '@storybook/react-vite'
import { useEffect, useRef } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import en from '../../../locales/en/voice.json'
import hi from '../../../locales/hi/voice.json'
import enCall from '../../../locales/en/voiceCall.json'
import hiCall from '../../../locales/hi/voiceCall.json'
import { ScriptedVoiceEngine } from '../../voice/session/scriptedEngine'
import { mountVoiceWidget, type ChatFactory, type EngineFactory, type WidgetMode } from '../../voice/widget'
import { focused, widget } from './widgetQueries'

/**
 * A scripted typed conversation for the stories (the real one is `POST /chat/web`, src/voice/chat, proven against a
 * local server in tests/e2e/embed-chat.spec.ts): each message is answered with `reply`, streamed in three parts
 * 120 ms apart, as the platform streams its deltas.
 */
function scriptedChat(reply: string, sent: string[]): ChatFactory {
  return (options) => {
    let busy = false
    let stopped = false
    return Promise.resolve({
      get busy() {
        return busy
      },
      chatSessionId: 'chat_story',
      async send(text: string) {
        if (busy || stopped || !text.trim()) return false
        sent.push(text)
        busy = true
        options.onBusy(true)
        options.onTurn({ role: 'user', text, final: true })
        const words = reply.split(' ')
        const third = Math.ceil(words.length / 3)
        for (let i = 1; i <= 3 && !stopped; i++) {
          await new Promise((r) => setTimeout(r, 120))
          options.onTurn({ role: 'assistant', text: words.slice(0, i * third).join(' '), final: false })
        }
        if (!stopped) options.onTurn({ role: 'assistant', text: reply, final: true })
        busy = false
        options.onBusy(false)
        return !stopped
      },
      stop() {
        stopped = true
      },
    })
  }
}

/** What the scripted chat was sent in this story. */
const sent: string[] = []
/** What reached the call engine's factory in this story: nothing, in chat mode. */
const reached: string[] = []

const REPLY = {
  en: 'The Pro plan includes unlimited voice minutes, custom voices and priority support.',
  hi: 'प्रो प्लान में असीमित वॉइस मिनट, अपनी आवाज़ें और प्राथमिकता सहायता शामिल हैं।',
}

interface HostProps {
  /** @default 'en' */
  lang?: 'en' | 'hi'
  /** @default 'light' */
  theme?: 'light' | 'dark'
  /** @default 'chat' */
  mode?: WidgetMode
}

/** A host page with the widget mounted as the embed mounts it, in chat or hybrid mode. */
function ChatHost({ lang = 'en', theme = 'light', mode = 'chat' }: HostProps) {
  const host = useRef<HTMLDivElement>(null)
  useEffect(() => {
    sent.length = 0
    reached.length = 0
    const engine: EngineFactory = () => {
      reached.push('engine')
      return new ScriptedVoiceEngine({ script: [{ at: 50, event: 'call-start', args: [] }] })
    }
    const w = mountVoiceWidget(host.current!, {
      copy: lang === 'hi' ? hi : en,
      lang,
      configured: true,
      createEngine: engine,
      mode,
      createChat: scriptedChat(REPLY[lang], sent),
      assistantId: 'asst_story',
      realtime: null,
      theme,
      toastDurationMs: 60_000,
      logger: { info() {}, warn() {}, error() {} },
    })
    return () => w.destroy()
  }, [lang, theme, mode])
  return (
    <div style={{ padding: 16 }} lang={lang}>
      <p>{lang === 'hi' ? 'एक होस्ट पेज।' : 'A host page.'}</p>
      <div ref={host} data-voiceos="" />
    </div>
  )
}

const meta = {
  title: 'Voice/Widget chat',
  component: ChatHost,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ChatHost>
export default meta
type Story = StoryObj<typeof meta>

/**
 * Chat mode: the button opens a typed conversation (no call, no microphone); focus goes to the text field; a
 * message shows at once as the visitor's turn, the answer streams in and stays in the log, announced once.
 */
export const ChatConversation: Story = {
  play: async ({ canvasElement }) => {
    const w = await widget(canvasElement)
    const open = within(w).getByRole('button', { name: en.widget.chat.open })
    await userEvent.click(open)
    await expect(open).toHaveAttribute('aria-expanded', 'true')
    await expect(within(w).getByRole('button', { name: en.widget.chat.close })).toBe(open)
    const input = await within(w).findByRole('textbox', { name: enCall.widget.chat.inputLabel })
    await waitFor(() => expect(focused(canvasElement)).toBe(input))
    await expect(within(w).getByTestId('voice-status')).toHaveTextContent(enCall.widget.chat.status.open)
    await expect(within(w).getByTestId('voice-hint')).toHaveTextContent(enCall.widget.chat.hint)
    await userEvent.type(input, 'What does the Pro plan include?{Enter}')
    await expect(sent).toEqual(['What does the Pro plan include?'])
    await expect(input).toHaveValue('')
    const log = within(w).getByRole('log', { name: enCall.widget.conversation.label })
    await waitFor(() => expect(log).toHaveTextContent(REPLY.en))
    await expect(log).toHaveTextContent('What does the Pro plan include?')
    await waitFor(() => expect(within(w).getByTestId('voice-status')).toHaveTextContent(enCall.widget.chat.status.open))
    await expect(within(w).getByTestId('voice-announcer')).toHaveTextContent(
      enCall.widget.conversation.said.assistant.replace('{{text}}', REPLY.en),
    )
    // Nothing of a call: no engine, no mute, no level meter.
    await expect(reached).toEqual([])
    await expect(within(w).queryByRole('button', { name: enCall.widget.conversation.mute })).toBeNull()
  },
}

/** The chat in Hindi, dark: every string from `locales/hi`. */
export const ChatConversationHindiDark: Story = {
  args: { lang: 'hi', theme: 'dark' },
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    const w = await widget(canvasElement)
    await userEvent.click(within(w).getByRole('button', { name: hi.widget.chat.open }))
    const input = await within(w).findByRole('textbox', { name: hiCall.widget.chat.inputLabel })
    await userEvent.type(input, 'प्रो प्लान में क्या है?{Enter}')
    const log = within(w).getByRole('log', { name: hiCall.widget.conversation.label })
    await waitFor(() => expect(log).toHaveTextContent(REPLY.hi))
    await expect(within(w).getByTestId('voice-status')).toHaveTextContent(hiCall.widget.chat.status.open)
  },
}

/** While the answer streams the status says so, and a second message is refused (kept in the field) until it ends. */
export const ChatBusy: Story = {
  parameters: { visual: false },
  play: async ({ canvasElement }) => {
    const w = await widget(canvasElement)
    await userEvent.click(within(w).getByRole('button', { name: en.widget.chat.open }))
    const input = await within(w).findByRole('textbox', { name: enCall.widget.chat.inputLabel })
    await userEvent.type(input, 'First{Enter}')
    await expect(input).toHaveValue('')
    await expect(within(w).getByTestId('voice-status')).toHaveTextContent(enCall.widget.chat.status.busy)
    // (user-event's typing does not follow a field the widget cleared itself inside a shadow root: set it directly;
    // a real keyboard types both messages in tests/e2e/embed-chat.spec.ts)
    ;(input as HTMLInputElement).value = 'Second'
    input.dispatchEvent(new Event('input', { bubbles: true }))
    await userEvent.click(within(w).getByRole('button', { name: enCall.widget.conversation.send }))
    await expect(input).toHaveValue('Second')
    await expect(input).toHaveAccessibleDescription(enCall.widget.chat.busy)
    await waitFor(() => expect(within(w).getByTestId('voice-status')).toHaveTextContent(enCall.widget.chat.status.open))
    await userEvent.click(within(w).getByRole('button', { name: enCall.widget.conversation.send }))
    await expect(sent).toEqual(['First', 'Second'])
  },
}

/**
 * Hybrid mode: the mic as in voice mode, and beside it "Type instead of speaking", which opens the typed
 * conversation without a call; Escape closes it and focus returns to that button.
 */
export const HybridTypeInstead: Story = {
  args: { mode: 'hybrid' },
  play: async ({ canvasElement }) => {
    const w = await widget(canvasElement)
    await expect(within(w).getByRole('button', { name: en.widget.start })).toBeVisible()
    const type = within(w).getByRole('button', { name: en.widget.chat.type })
    await userEvent.click(type)
    await expect(type).toHaveAttribute('aria-expanded', 'true')
    const input = await within(w).findByRole('textbox', { name: enCall.widget.chat.inputLabel })
    await waitFor(() => expect(focused(canvasElement)).toBe(input))
    await userEvent.type(input, 'Hello{Enter}')
    await waitFor(() => expect(within(w).getByRole('log')).toHaveTextContent(REPLY.en))
    await userEvent.keyboard('{Escape}')
    await expect(within(w).queryByRole('log')).toBeNull()
    await expect(focused(canvasElement)).toBe(type)
    await expect(type).toHaveAttribute('aria-expanded', 'false')
    await expect(reached).toEqual([])
  },
}

/** Hybrid mode, dark: the two buttons side by side. */
export const HybridDark: Story = {
  args: { mode: 'hybrid', theme: 'dark' },
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    const w = await widget(canvasElement)
    await expect(within(w).getByRole('button', { name: en.widget.chat.type })).toBeVisible()
    await expect(within(w).getByRole('button', { name: en.widget.start })).toBeVisible()
  },
}
