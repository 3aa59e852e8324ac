// @vitest-environment happy-dom
/**
 * The local mode's corpus (tests/fixtures/localCorpus): phrases written as people say them, on real-looking pages
 * in the widget's languages, each through the whole local conversation — a stand-in recognizer delivering the
 * phrase as a final transcript, the local engine, the same session, router and executor as a call — with the page's
 * state diffed before and after (values, checks, clicks, scrolls, history, the conversation's end).
 *
 * - done: exactly the phrase's changes happened;
 * - wrong: anything else changed (a wrong field, a wrong value, a click nobody asked for) — none allowed;
 * - not done: nothing changed, and the answer is one of the page language's own sentences (what the widget can
 *   do, or why it could not).
 * At least {@link MIN_DONE} of the phrases are done. tests/fixtures/localCorpus/README.md says how to add some.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createVoiceSession } from '../../../src/voice/session/session'
import { LocalVoiceEngine } from '../../../src/voice/local/engine'
import type { GrammarTable } from '../../../src/voice/local/grammar'
import { grammarLanguageOf } from '../../../src/voice/local/grammarTables'
import { resetPress } from '../../../src/voice/local/press'
import { installSpeechStandIn } from '../../fixtures/speechStandIn'
import { CORPUS } from '../../fixtures/localCorpus'
import type { CorpusPage } from '../../fixtures/localCorpus/types'

/** Share of the corpus's phrases that must be done. */
const MIN_DONE = 0.9

const silent = { info() {}, warn() {}, error() {} }

const tableOf = (lang: string) =>
  JSON.parse(
    readFileSync(
      join(__dirname, '../../../src/voice/local/grammar', `${grammarLanguageOf(lang) ?? 'en'}.json`),
      'utf8',
    ),
  ) as GrammarTable

/** Every sentence of a table's answers as a pattern (placeholders match anything). */
function sentencesOf(table: GrammarTable): RegExp[] {
  const out: string[] = []
  const walk = (v: unknown) => {
    if (typeof v === 'string') out.push(v)
    else if (v && typeof v === 'object') Object.values(v).forEach(walk)
  }
  walk(table.answers)
  return out.map(
    (s) =>
      new RegExp(
        `^${s
          .split(/\{\w+\}/)
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('[\\s\\S]*')}$`,
        'u',
      ),
  )
}

interface State {
  values: Map<string, string>
  checked: Map<string, boolean>
}

const snapshot = (): State => {
  const values = new Map<string, string>()
  const checked = new Map<string, boolean>()
  for (const el of document.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
    'input, select, textarea',
  )) {
    if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio'))
      checked.set(el.id, el.checked)
    else values.set(el.id, el.value)
  }
  return { values, checked }
}

/** The changes between two states, as the corpus writes them. */
function changes(before: State, after: State): string[] {
  const out: string[] = []
  for (const [id, v] of after.values) if (before.values.get(id) !== v) out.push(`fill #${id}=${v}`)
  for (const [id, c] of after.checked) {
    if (before.checked.get(id) === c) continue
    const radio = (document.getElementById(id) as HTMLInputElement).type === 'radio'
    if (c) out.push(`check #${id}`)
    else if (!radio) out.push(`uncheck #${id}`)
  }
  return out
}

interface Outcome {
  page: string
  say: string
  expected: readonly string[]
  got: string[]
  answer: string
}

const outcomes: Outcome[] = []

async function runPage(page: CorpusPage): Promise<void> {
  document.documentElement.lang = page.lang
  document.documentElement.dir = page.dir ?? 'ltr'
  document.title = page.title
  const events: string[] = []
  const reset = () => {
    document.body.innerHTML = page.html
    for (const el of document.querySelectorAll<HTMLElement>('button, a[href]'))
      el.addEventListener('click', (e) => {
        e.preventDefault()
        events.push(`click #${el.id}`)
        el.setAttribute('data-clicked', String(Number(el.getAttribute('data-clicked') ?? 0) + 1))
      })
  }
  reset()
  // A page taller than the window (happy-dom lays nothing out): "the bottom" is somewhere.
  Object.defineProperty(document.documentElement, 'scrollHeight', { value: 5000, configurable: true })
  window.scrollBy = (...args: unknown[]) => {
    const o = args[0] as ScrollToOptions | number
    const top = typeof o === 'number' ? (args[1] as number) : (o.top ?? 0)
    events.push(top >= 0 ? 'scroll down' : 'scroll up')
  }
  window.scrollTo = (...args: unknown[]) => {
    const o = args[0] as ScrollToOptions | number
    const top = typeof o === 'number' ? (args[1] as number) : (o.top ?? 0)
    events.push(top <= 0 ? 'scroll top' : 'scroll bottom')
  }
  resetPress()
  const speech = installSpeechStandIn({}, globalThis as unknown as Window)
  const engine = new LocalVoiceEngine({
    lang: page.lang,
    history: { length: 2, back: () => void events.push('back') },
  })
  let maps = 0
  const send = engine.send.bind(engine)
  engine.send = (m) => {
    if (m.type === 'add-message' && m.message.content.startsWith('PAGE MAP')) maps++
    return send(m)
  }
  const answers: string[] = []
  let ended = false
  const session = createVoiceSession({
    engine,
    assistantId: 'local',
    sessionId: 'session_1_abc',
    pageUrl: location.href,
    realtime: null,
    onStatus: (s) => {
      if (s === 'idle') ended = true
    },
    onTranscript: () => {},
    onTurn: (t) => {
      if (t.final && t.role === 'assistant') answers.push(t.text)
    },
    onProblem: () => {},
    notify: () => {},
    logger: silent,
    pageContext: { settleMs: 5, maxSettleMs: 20, pollMs: 5 },
  })
  await session.start()
  await vi.waitFor(() => expect(answers.length).toBeGreaterThan(0), { timeout: 10_000 })
  // Commands run at once when the session has sent the page map (its acting half has loaded).
  await vi.waitFor(() => expect(maps).toBeGreaterThan(0), { timeout: 10_000 })
  // The first answer is no longer being spoken (else a phrase that is part of it is taken for its echo).
  await new Promise((r) => setTimeout(r, 50))
  for (const [say, expected] of page.phrases) {
    reset()
    // The last answer has been spoken (the stand-in's voice ends an utterance after 10 ms): a phrase that is part
    // of an answer still being spoken is taken for its echo, as it should be.
    await new Promise((r) => setTimeout(r, 15))
    events.length = 0
    const before = snapshot()
    const n = answers.length
    speech.say(say, { interim: false })
    await vi.waitFor(() => expect(answers.length).toBeGreaterThan(n), { timeout: 10_000 })
    // A fill or click answered: its effects are in the DOM by now (the executor answers after acting).
    const got = [...changes(before, snapshot()), ...events, ...(ended ? ['stop'] : [])]
    outcomes.push({ page: page.id, say, expected, got, answer: answers.at(-1)! })
    if (ended) break
  }
  await session.stop()
}

describe('the local mode on the corpus', () => {
  beforeAll(async () => {
    vi.stubGlobal('fetch', () => {
      throw new Error('no request may leave the page')
    })
    for (const page of CORPUS) await runPage(page)
  }, 120_000)
  afterAll(() => vi.unstubAllGlobals())

  const same = (a: readonly string[], b: readonly string[]) =>
    a.length === b.length && [...a].sort().every((x, i) => x === [...b].sort()[i])

  it('has at least 300 phrases on 8 pages in 6 languages, one page right to left', () => {
    expect(CORPUS.reduce((n, p) => n + p.phrases.length, 0)).toBeGreaterThanOrEqual(300)
    expect(CORPUS.length).toBeGreaterThanOrEqual(8)
    expect(new Set(CORPUS.map((p) => p.lang)).size).toBeGreaterThanOrEqual(6)
    expect(CORPUS.some((p) => p.dir === 'rtl')).toBe(true)
  })

  it('does nothing wrong', () => {
    const wrong = outcomes.filter((o) => o.got.length > 0 && !same(o.got, o.expected))
    expect(wrong.map((o) => `${o.page}: “${o.say}” → ${o.got.join(', ')} (expected ${o.expected.join(', ')})`)).toEqual(
      [],
    )
  })

  it('answers what it did not do in the page language, with what it can do or why not', () => {
    const notDone = outcomes.filter((o) => o.got.length === 0)
    const bad = notDone.filter((o) => {
      const lang = CORPUS.find((p) => p.id === o.page)!.lang
      return !sentencesOf(tableOf(lang)).some((re) => re.test(o.answer))
    })
    expect(bad.map((o) => `${o.page}: “${o.say}” → “${o.answer}”`)).toEqual([])
  })

  it(`does at least ${MIN_DONE * 100} % of the phrases`, () => {
    const done = outcomes.filter((o) => same(o.got, o.expected))
    const notDone = outcomes.filter((o) => o.got.length === 0)
    const byPage = CORPUS.map((p) => {
      const mine = outcomes.filter((o) => o.page === p.id)
      return `${p.id}: ${mine.filter((o) => same(o.got, o.expected)).length}/${mine.length}`
    })
    console.info(
      `[local corpus] ${done.length}/${outcomes.length} done (${((100 * done.length) / outcomes.length).toFixed(1)} %); ${byPage.join('; ')}\n` +
        notDone.map((o) => `  not done: ${o.page}: “${o.say}” → “${o.answer}”`).join('\n'),
    )
    expect(outcomes.length).toBe(CORPUS.reduce((n, p) => n + p.phrases.length, 0))
    expect(done.length / outcomes.length).toBeGreaterThanOrEqual(MIN_DONE)
  })
})
