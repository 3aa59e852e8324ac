/**
 * Generated conversations of a VoiceOS site for the conversation report's tests and bench: calls (`Call`, with
 * `artifact.messages`) and chats (`Chat`, `messages` + `output`) in exactly the shapes of the vendored
 * `openapi/vapi-openapi.json` (a chat's system and visitor turns in `message`, the assistant's and tools' in
 * `content`; tests/unit/report/standin.test.ts validates every one), made with the product's own messages
 * (`pageMapMessage`, `resultMessage`, `searchResultMessage`, `formatSearchResults`, `withRecord`,
 * `serializePageMap`), tool names and pages, in English, Hindi, Tamil, Bengali and Urdu, with realistic failures
 * (fields and options a form lacks, a button not on the page, questions the site cannot answer, commands phrased as
 * questions), personal data in what visitors say, and a share of conversations from widgets older than the record
 * tag.
 *
 * Each conversation comes with its **truth**: what the generator decided (pages, commands, outcomes, questions),
 * from which a test recomputes every figure of the report without the report's parser.
 * @module
 */
import { pageMapMessage, resultMessage, searchResultMessage } from '../../src/voice/context/report'
import { formatSearchResults, type SiteSearchResult } from '../../src/voice/search/siteSearch'
import { serializePageMap, type PageMap } from '../../src/voice/context/pageMap'
import { withRecord } from '../../src/voice/context/record'

/** What the generator decided for one conversation. */
export interface Truth {
  id: string
  mode: 'voice' | 'chat'
  /** `unknown` for a conversation from an older widget (no record tag). */
  lang: PageLang | 'unknown'
  createdAt: string
  /** Voice: seconds between `startedAt` and `endedAt`; `null` when the call never started. */
  durationS: number | null
  cost: number
  endedReason: string | null
  startPath: string
  takenTo: string[]
  commands: {
    path: string
    kind: 'scroll' | 'click' | 'fill' | 'toggle' | 'read'
    outcome: 'done' | 'refused'
    reason: string
  }[]
  /** `group`: the question family; `masked`: the wording as the report must show it. */
  questions: { group: string; masked: string; raw: string; path: string; unanswered: null | 'search' | 'help' }[]
}

/** A generated data set. */
export interface GeneratedConversations {
  calls: Record<string, unknown>[]
  chats: Record<string, unknown>[]
  truths: Truth[]
  /** Every wording of each question family, as masked: family → wordings. */
  families: Map<string, Set<string>>
}

/** Options of {@link generateConversations}. */
export interface GenerateOptions {
  count: number
  seed?: number
  assistantId?: string
  /** First conversation's creation time. @default 2026-10-01T00:00:00Z */
  start?: string
  /** Days the conversations spread over. @default 30 */
  days?: number
  /** Id prefix (distinct batches for incremental syncs). @default 'c' */
  prefix?: string
}

function prng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

interface Page {
  path: string
  title: string
  fields: PageMap['fields']
  buttons: string[]
}
const LINKS = ['Home', 'Pricing', 'Join the Waitlist', 'Feedback', 'Checkout']
const LINK_PATH: Record<string, string> = {
  Home: '/',
  Pricing: '/pricing',
  'Join the Waitlist': '/waitlist',
  Feedback: '/feedback',
  Checkout: '/checkout',
}
const PAGES: Record<string, Omit<Page, 'path'>> = {
  '/': { title: 'VoiceOS — the voice OS for websites', fields: [], buttons: ['Watch Demo', 'Star us on GitHub'] },
  '/pricing': { title: 'Pricing — VoiceOS', fields: [], buttons: ['Start free trial'] },
  '/waitlist': {
    title: 'Join the Waitlist — VoiceOS',
    fields: [
      { label: 'Name', type: 'text', required: true },
      { label: 'Email', type: 'email', required: true },
      { label: 'Comments', type: 'textarea' },
    ],
    buttons: ['Submit Application'],
  },
  '/feedback': {
    title: 'Feedback — VoiceOS',
    fields: [
      { label: 'Email', type: 'email' },
      { label: 'Message', type: 'textarea', required: true },
    ],
    buttons: ['Send feedback'],
  },
  '/checkout': {
    title: 'Checkout — VoiceOS',
    fields: [
      { label: 'Full name', type: 'text', required: true },
      { label: 'Email', type: 'email', required: true },
      { label: 'Phone', type: 'tel' },
      { label: 'City', type: 'select', required: true },
      { label: 'Newsletter', type: 'checkbox' },
    ],
    buttons: ['Place order'],
  },
}
const PATHS = Object.keys(PAGES)

/** Question families: wordings per language (`{email}` is replaced by a generated address). */
/** The widget languages of the generated sites' pages. */
type PageLang = 'en' | 'hi' | 'ta' | 'bn' | 'ur'
/** Share of conversations per page language (the rest English). */
const LANG_SHARES: [PageLang, number][] = [
  ['hi', 0.2],
  ['ta', 0.1],
  ['bn', 0.08],
  ['ur', 0.07],
]

const FAMILIES: { group: string; lang: PageLang; unanswered: boolean; wordings: string[]; answer: string }[] = [
  {
    group: 'pro-cost',
    lang: 'en',
    unanswered: false,
    wordings: [
      'How much does the Pro plan cost?',
      'What does the Pro plan cost?',
      'how much is the pro plan cost',
      'What is the monthly cost of the Pro plan?',
    ],
    answer: 'The Pro plan is ₹499 a month.',
  },
  {
    group: 'open-source',
    lang: 'en',
    unanswered: false,
    wordings: ['Is VoiceOS open source?', 'is voiceos open-source', 'Is the VoiceOS code open source?'],
    answer: 'Yes, the code will be published under an open-source licence.',
  },
  {
    group: 'languages',
    lang: 'en',
    unanswered: false,
    wordings: ['Which languages does the assistant speak?', 'What languages do you speak?'],
    answer: 'English and Hindi today.',
  },
  {
    group: 'deliver-pune',
    lang: 'en',
    unanswered: true,
    wordings: ['Do you deliver to Pune?', 'Do you deliver to Pune city?', 'can you deliver to pune'],
    answer: "I'm sorry, I couldn't find that on this site.",
  },
  {
    group: 'warranty',
    lang: 'en',
    unanswered: true,
    wordings: ['Do you offer a warranty?', 'Is there a warranty?', 'warranty?'],
    answer: "I'm sorry, I don't have that information.",
  },
  {
    group: 'gst-invoice',
    lang: 'en',
    unanswered: true,
    wordings: ['Can I get a GST invoice?', 'Do you give GST invoices?', 'GST invoice?'],
    answer: "Sorry, I can't help with that here.",
  },
  {
    group: 'receipt-email',
    lang: 'en',
    unanswered: false,
    wordings: ['Can you email the receipt to {email}?', 'Could you send the receipt to {email}?'],
    answer: 'The receipt is emailed after you place the order.',
  },
  {
    group: 'hi-pro-cost',
    lang: 'hi',
    unanswered: false,
    wordings: ['प्रो प्लान की कीमत क्या है?', 'प्रो प्लान कितने का है?'],
    answer: 'प्रो प्लान ₹499 प्रति माह है।',
  },
  {
    group: 'hi-deliver-pune',
    lang: 'hi',
    unanswered: true,
    wordings: ['क्या आप पुणे में डिलीवरी करते हैं?', 'पुणे में डिलीवरी होती है क्या?'],
    answer: 'माफ़ कीजिए, मुझे यह जानकारी नहीं मिली।',
  },
  // Tamil, Bengali and Urdu: wordings with and without a question mark; "could not help" in the language itself.
  {
    group: 'ta-pro-cost',
    lang: 'ta',
    unanswered: false,
    wordings: ['ப்ரோ திட்டத்தின் விலை என்ன?', 'ப்ரோ திட்டத்தின் விலை என்ன'],
    answer: 'ப்ரோ திட்டம் மாதம் ₹499.',
  },
  {
    group: 'ta-deliver-pune',
    lang: 'ta',
    unanswered: true,
    wordings: ['நீங்கள் புனேவுக்கு டெலிவரி செய்கிறீர்களா', 'நீங்கள் புனேவுக்கு டெலிவரி செய்கிறீர்களா?'],
    answer: 'மன்னிக்கவும், அதற்கு என்னால் உதவ முடியாது.',
  },
  {
    group: 'bn-pro-cost',
    lang: 'bn',
    unanswered: false,
    wordings: ['প্রো প্ল্যানের দাম কত?', 'প্রো প্ল্যানের দাম কত'],
    answer: 'প্রো প্ল্যান মাসে ₹৪৯৯।',
  },
  {
    group: 'bn-warranty',
    lang: 'bn',
    unanswered: true,
    wordings: ['আপনারা কি ওয়ারেন্টি দেন?', 'আপনারা কি ওয়ারেন্টি দেন'],
    answer: 'দুঃখিত, এই তথ্য আমার কাছে নেই।',
  },
  {
    group: 'ur-pro-cost',
    lang: 'ur',
    unanswered: false,
    wordings: ['پرو پلان کی قیمت کیا ہے؟', 'پرو پلان کی قیمت کیا ہے'],
    answer: 'پرو پلان ₹499 ماہانہ ہے۔',
  },
  {
    group: 'ur-gst-invoice',
    lang: 'ur',
    unanswered: true,
    wordings: ['کیا آپ جی ایس ٹی انوائس دیتے ہیں؟', 'کیا آپ جی ایس ٹی انوائس دیتے ہیں'],
    answer: 'معذرت، میں اس میں مدد نہیں کر سکتا۔',
  },
]

const ENDED = [
  ['customer-ended-call', 0.6],
  ['assistant-ended-call', 0.2],
  ['silence-timed-out', 0.1],
  ['exceeded-max-duration', 0.03],
  ['pipeline-error-openai-llm-failed', 0.02],
  ['customer-did-not-give-microphone-permission', 0.05],
] as const

/** Masks what the report masks, for the truth's wordings (the generator knows where it put personal data). */
const maskTruth = (s: string, email: string) => s.split(email).join('[email]')

/** Generates `count` conversations (see the module comment). Deterministic for a seed. */
export function generateConversations(options: GenerateOptions): GeneratedConversations {
  const rnd = prng(options.seed ?? 1)
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!
  const assistantId = options.assistantId ?? 'asst_voiceos'
  const start = Date.parse(options.start ?? '2026-10-01T00:00:00Z')
  const spanMs = (options.days ?? 30) * 86_400_000
  const prefix = options.prefix ?? 'c'
  const out: GeneratedConversations = { calls: [], chats: [], truths: [], families: new Map() }
  for (const f of FAMILIES) out.families.set(f.group, new Set())
  let lastCreated = start

  for (let i = 0; i < options.count; i++) {
    // Creation times rise through the span; every 500th shares the previous one's instant (a tie to page past).
    const created = i % 500 === 499 ? lastCreated : start + Math.floor(((i + rnd()) / options.count) * spanMs)
    lastCreated = created
    const createdAt = new Date(created).toISOString()
    const id = `${prefix}${String(i).padStart(6, '0')}`
    const mode: Truth['mode'] = rnd() < 0.7 ? 'voice' : 'chat'
    const legacy = rnd() < 0.1
    const langDraw = rnd()
    let share = 0
    const pageLang: PageLang = LANG_SHARES.find(([, p]) => langDraw < (share += p))?.[0] ?? 'en'
    const lang: Truth['lang'] = legacy ? 'unknown' : pageLang
    const prefixPath = (p: string) => (pageLang === 'en' ? p : p === '/' ? `/${pageLang}/` : `/${pageLang}${p}`)
    const email = `visitor${i}@example.com`
    const truth: Truth = {
      id,
      mode,
      lang,
      createdAt,
      durationS: null,
      cost: 0,
      endedReason: null,
      startPath: '',
      takenTo: [],
      commands: [],
      questions: [],
    }
    /** Messages as neutral turns, turned into the mode's shape at the end. */
    const turns: {
      role: 'system' | 'user' | 'assistant' | 'tool_call' | 'tool'
      text: string
      name?: string
      id?: string
    }[] = []
    let page = pick(PATHS)
    let callNo = 0

    const showPage = (path: string, how: 'map' | 'arrival') => {
      const p = PAGES[path]!
      const full = prefixPath(path)
      if (how === 'arrival') {
        const sentence = `The visitor is now on ${p.title} (${full}). Commands sent while the page was loading were not run; send again any you still need.`
        turns.push({
          role: 'system',
          text: legacy ? sentence : withRecord('page-change', sentence, { path: full, lang: pageLang }),
        })
      }
      const map = serializePageMap({
        title: p.title,
        url: `https://voiceos.example.com${full}`,
        headings: [{ level: 1, text: p.title.split(' — ')[0]! }],
        links: LINKS.map((name) => ({ name })),
        buttons: p.buttons.map((name) => ({ name })),
        fields: p.fields,
      })
      turns.push({
        role: 'system',
        text: legacy ? map : pageMapMessage(map, { path: full, lang: pageLang }).message.content,
      })
    }
    const runCommand = (
      tool: string,
      args: Record<string, unknown>,
      kind: Truth['commands'][number]['kind'],
      outcome: 'done' | 'refused',
      text: string,
    ) => {
      const callId = `call_${id}_${callNo++}`
      const viaTool = mode === 'chat' || rnd() < 0.8
      truth.commands.push({ path: prefixPath(page), kind, outcome, reason: text })
      if (viaTool) turns.push({ role: 'tool_call', id: callId, name: tool, text: JSON.stringify(args) })
      if (mode === 'chat') {
        // The chat mode answers the tool call with a ToolMessage (src/voice/chat/session.ts).
        turns.push({
          role: 'tool',
          id: callId,
          text: outcome === 'refused' ? `refused: ${text}` : kind === 'read' ? text : `done: ${text}`,
        })
        return
      }
      const msg = resultMessage(
        { outcome, text: kind === 'read' ? text : text },
        viaTool ? { id: callId, name: tool } : undefined,
      )
      let content = msg.message.content
      if (legacy) content = content.replace(/\n\[voiceos\/\d+ [^\n]*\]$/, '')
      turns.push({ role: 'system', text: content })
    }

    showPage(page, 'map')
    truth.startPath = prefixPath(page)
    const steps = 1 + Math.floor(rnd() * 5)
    for (let s = 0; s < steps; s++) {
      const r = rnd()
      if (r < 0.35) {
        // A question.
        const fams = FAMILIES.filter((f) => f.lang === pageLang)
        const fam = pick(fams)
        const raw = pick(fam.wordings).replace('{email}', email)
        turns.push({ role: 'user', text: raw })
        let unanswered: Truth['questions'][number]['unanswered'] = null
        // The assistant's site search (search_site): what the product sends for it, per mode.
        const search = (results: SiteSearchResult[]) => {
          const callId = `call_${id}_${callNo++}`
          const text = formatSearchResults({ ok: true, query: raw, results })
          turns.push({ role: 'tool_call', id: callId, name: 'search_site', text: JSON.stringify({ query: raw }) })
          if (mode === 'chat') {
            turns.push({ role: 'tool', id: callId, text })
            return
          }
          const msg = searchResultMessage(
            { found: true, text, hits: results.length, query: raw },
            { id: callId, name: 'search_site' },
          )
          let content = msg.message.content
          if (legacy) content = content.replace(/\n\[voiceos\/\d+ [^\n]*\]$/, '')
          turns.push({ role: 'system', text: content })
        }
        if (fam.unanswered) {
          if (rnd() < 0.5) {
            search([])
            unanswered = 'search'
          } else {
            // The assistant notes that it could not help (its note_unanswered tool, src/voice/assistant), with its
            // reply in the visitor's language; the chat mode acknowledges the note.
            unanswered = 'help'
            const callId = `call_${id}_${callNo++}`
            turns.push({
              role: 'tool_call',
              id: callId,
              name: 'note_unanswered',
              text: JSON.stringify({ question: raw }),
            })
            if (mode === 'chat') turns.push({ role: 'tool', id: callId, text: 'noted' })
          }
        } else if (rnd() < 0.3) {
          search([{ title: 'Pricing', path: '/pricing', excerpt: 'Plans and what each includes.', lang: pageLang }])
        }
        turns.push({ role: 'assistant', text: fam.answer })
        const masked = maskTruth(raw, email)
        out.families.get(fam.group)!.add(masked)
        truth.questions.push({ group: fam.group, masked, raw, path: prefixPath(page), unanswered })
      } else if (r < 0.45) {
        // Commands phrased as questions are commands, not questions.
        turns.push({
          role: 'user',
          text: pick(['scroll down', 'Could you scroll down?', 'Could you scroll down a bit?']),
        })
        runCommand('scroll_page', { direction: 'down' }, 'scroll', 'done', 'scrolled down')
      } else if (r < 0.6) {
        const target = pick(LINKS.filter((l) => LINK_PATH[l] !== page))
        turns.push({ role: 'user', text: `take me to ${target}` })
        runCommand('click_element', { targetText: target }, 'click', 'done', `clicked ${target}`)
        page = LINK_PATH[target]!
        truth.takenTo.push(prefixPath(page))
        turns.push({ role: 'assistant', text: `Opening ${target}.` })
        showPage(page, mode === 'voice' && rnd() < 0.3 ? 'arrival' : 'map')
      } else if (r < 0.66) {
        turns.push({ role: 'user', text: 'checkout now' })
        runCommand(
          'click_element',
          { targetText: 'Checkout now' },
          'click',
          'refused',
          'nothing named "Checkout now" on the page',
        )
        turns.push({
          role: 'assistant',
          text: 'There is no Checkout now button here; the Checkout link is in the menu.',
        })
      } else if (r < 0.78) {
        const hasEmail = PAGES[page]!.fields.some((f) => f.label === 'Email')
        turns.push({ role: 'user', text: `my email is ${email}` })
        if (hasEmail)
          runCommand(
            'fill_field',
            { fieldHint: 'Email', value: email },
            'fill',
            'done',
            'filled the field labelled Email',
          )
        else
          runCommand('fill_field', { fieldHint: 'Email', value: email }, 'fill', 'refused', 'no field labelled "Email"')
      } else if (r < 0.86) {
        if (page !== '/checkout') {
          turns.push({ role: 'user', text: 'open the checkout' })
          runCommand('click_element', { targetText: 'Checkout' }, 'click', 'done', 'clicked Checkout')
          page = '/checkout'
          truth.takenTo.push(prefixPath(page))
          showPage(page, 'map')
        }
        if (rnd() < 0.5) {
          turns.push({ role: 'user', text: 'my GSTIN is 27AAPFU0939F1ZV' })
          runCommand(
            'fill_field',
            { fieldHint: 'GSTIN', value: '27AAPFU0939F1ZV' },
            'fill',
            'refused',
            'no field labelled "GSTIN"',
          )
        } else {
          turns.push({ role: 'user', text: 'city Pune' })
          runCommand(
            'fill_field',
            { fieldHint: 'City', value: 'Pune' },
            'fill',
            'refused',
            'no option "Pune" in "City"; options: "Mumbai", "Delhi", "Bengaluru"',
          )
        }
      } else if (r < 0.93) {
        turns.push({ role: 'user', text: 'sign me up for the newsletter' })
        if (page === '/checkout')
          runCommand('toggle_control', { targetText: 'Newsletter' }, 'toggle', 'done', 'Newsletter is now on')
        else
          runCommand(
            'toggle_control',
            { targetText: 'Newsletter' },
            'toggle',
            'refused',
            'no switch, checkbox or expandable named "Newsletter"',
          )
      } else {
        turns.push({ role: 'user', text: 'read me this page' })
        runCommand('read_page', {}, 'read', 'done', `PAGE TEXT (visible text in reading order)\n${PAGES[page]!.title}`)
      }
    }

    if (mode === 'voice') {
      const r = rnd()
      let acc = 0
      const reason = ENDED.find(([, p]) => (acc += p) >= r)?.[0] ?? 'customer-ended-call'
      const neverStarted = reason === 'customer-did-not-give-microphone-permission'
      const startedMs = created + 1000 + Math.floor(rnd() * 2000)
      const durationMs = 20_000 + Math.floor(rnd() * 580_000)
      truth.durationS = neverStarted ? null : durationMs / 1000
      truth.endedReason = reason
      truth.cost = Math.round(100 + rnd() * 3900) / 10_000
      let t = 0
      const messages = turns.flatMap((m) => {
        t += 1 + Math.floor(rnd() * 8)
        const at = { time: startedMs + t * 1000, secondsFromStart: t }
        if (m.role === 'system') return [{ role: 'system', message: m.text, ...at }]
        if (m.role === 'user') return [{ role: 'user', message: m.text, endTime: at.time + 900, ...at }]
        if (m.role === 'assistant')
          return [{ role: 'bot', message: m.text, endTime: at.time + 1500, source: 'model', ...at }]
        if (m.role === 'tool_call')
          return [
            {
              role: 'tool_calls',
              message: '',
              toolCalls: [{ id: m.id, type: 'function', function: { name: m.name, arguments: m.text } }],
              ...at,
            },
          ]
        return []
      })
      out.calls.push({
        id,
        orgId: 'org_1',
        assistantId,
        type: 'webCall',
        status: 'ended',
        createdAt,
        updatedAt: new Date(startedMs + durationMs + 5000).toISOString(),
        ...(neverStarted
          ? { endedAt: new Date(created + 3000).toISOString() }
          : { startedAt: new Date(startedMs).toISOString(), endedAt: new Date(startedMs + durationMs).toISOString() }),
        endedReason: reason,
        cost: truth.cost,
        artifact: {
          messages: [
            {
              role: 'system',
              message: 'You are the VoiceOS assistant of this website. …',
              time: startedMs,
              secondsFromStart: 0,
            },
            ...(neverStarted ? [] : messages),
          ],
        },
      })
      if (neverStarted) {
        // Nothing was said: the truth keeps only what the call carries.
        truth.lang = 'unknown'
        truth.startPath = ''
        truth.takenTo = []
        truth.commands = []
        truth.questions = []
      }
    } else {
      truth.cost = Math.round(10 + rnd() * 190) / 10_000
      // The document's chat messages: SystemMessage and UserMessage carry `message` (+ `time`,
      // `secondsFromStart`, and for the visitor `endTime`), AssistantMessage and ToolMessage carry `content`.
      let t = 0
      const messages = turns.map((m): Record<string, unknown> => {
        t += 1 + Math.floor(rnd() * 20)
        const at = { time: created + t * 1000, secondsFromStart: t }
        if (m.role === 'system') return { role: 'system', message: m.text, ...at }
        if (m.role === 'user') return { role: 'user', message: m.text, endTime: at.time + 900, ...at }
        if (m.role === 'assistant') return { role: 'assistant', content: m.text }
        if (m.role === 'tool_call')
          return {
            role: 'assistant',
            tool_calls: [{ id: m.id, type: 'function', function: { name: m.name, arguments: m.text } }],
          }
        return { role: 'tool', tool_call_id: m.id, content: m.text }
      })
      const last = messages.length - 1
      out.chats.push({
        id,
        orgId: 'org_1',
        assistantId,
        sessionId: `session_${id}`,
        createdAt,
        updatedAt: new Date(created + 60_000).toISOString(),
        cost: truth.cost,
        messages: messages.slice(0, last),
        output: messages.slice(last),
      })
    }
    out.truths.push(truth)
  }
  return out
}
