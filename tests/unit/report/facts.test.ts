/**
 * Questions from what the widget knows (scripts/report/facts.ts, intents.ts), in conversations built with the
 * product's own messages: a search's query is the question in any language (Tamil without a question mark
 * included), an empty search leaves its own question unanswered and never an earlier one, a command phrased as a
 * question is not one (the local mode's intent tables, or the command the assistant ran), politeness is not a
 * question, and a page the visitor opened after speaking again is not credited to the assistant.
 */
import { describe, expect, it } from 'vitest'
import { conversationFacts } from '../../../scripts/report/facts'
import { INTENT_TABLES, turnIntent } from '../../../scripts/report/intents'
import type { Turn } from '../../../scripts/report/normalize'
import { pageMapMessage, resultMessage, searchResultMessage } from '../../../src/voice/context/report'
import { formatSearchResults } from '../../../src/voice/search/siteSearch'
import { GRAMMAR_LANGUAGES } from '../../../src/voice/local/grammarTables'

const map = (path: string, lang: string): Turn => ({
  role: 'system',
  text: pageMapMessage(`PAGE MAP\nurl: https://shop.example${path}\ntitle: ${path}`, { path, lang }).message.content,
})
const user = (text: string): Turn => ({ role: 'user', text })
const said = (text: string): Turn => ({ role: 'assistant', text })
let n = 0
/** The assistant's site search for `query` finding `hits` pages, as a call records it. */
const search = (query: string, hits: number): Turn[] => {
  const id = `call_${++n}`
  const results = Array.from({ length: hits }, (_, i) => ({
    title: `Page ${i}`,
    path: `/p${i}`,
    excerpt: '…',
    lang: 'ta',
  }))
  return [
    { role: 'tool_call', id, name: 'search_site', text: JSON.stringify({ query }) },
    {
      role: 'system',
      text: searchResultMessage(
        { found: true, text: formatSearchResults({ ok: true, query, results }), hits, query },
        { id, name: 'search_site' },
      ).message.content,
    },
  ]
}
/** A command the assistant ran, with its result. */
const ran = (name: string, args: Record<string, unknown>, outcome: 'done' | 'refused', text: string): Turn[] => {
  const id = `call_${++n}`
  return [
    { role: 'tool_call', id, name, text: JSON.stringify(args) },
    { role: 'system', text: resultMessage({ outcome, text }, { id, name }).message.content },
  ]
}

describe('questions from what the widget knows', () => {
  it('Tamil: a searched question without "?" is a question (its query), and its empty search is its own', () => {
    const f = conversationFacts([
      map('/ta/', 'ta'),
      user('ப்ரோ திட்டத்தின் விலை என்ன'),
      ...search('ப்ரோ திட்டத்தின் விலை என்ன', 1),
      said('ப்ரோ திட்டம் மாதம் ₹499.'),
      user('நீங்கள் புனேவுக்கு டெலிவரி செய்கிறீர்களா'),
      ...search('புனே டெலிவரி', 0),
      said('மன்னிக்கவும், இந்த தளத்தில் அது இல்லை.'),
    ])
    expect(f.lang).toBe('ta')
    expect(f.questions).toEqual([
      { text: 'ப்ரோ திட்டத்தின் விலை என்ன', path: '/ta/' },
      { text: 'புனே டெலிவரி', path: '/ta/', unanswered: 'search-found-nothing' },
    ])
  })

  it('"could not help" is the assistant\'s note_unanswered call, in any language; no wording is read', () => {
    const f = conversationFacts([
      map('/ta/', 'ta'),
      user('நீங்கள் புனேவுக்கு டெலிவரி செய்கிறீர்களா'),
      { role: 'tool_call', id: 'n1', name: 'note_unanswered', text: JSON.stringify({ question: 'புனே டெலிவரி' }) },
      said('மன்னிக்கவும், அதற்கு என்னால் உதவ முடியாது.'),
      user('Do you offer a warranty?'),
      said("I'm sorry, I don't have that information."), // words alone say nothing: no note, answered
      user('checkout now'),
      ...ran('click_element', { targetText: 'Checkout now' }, 'refused', 'nothing named "Checkout now" on the page'),
      { role: 'tool_call', id: 'n2', name: 'note_unanswered', text: JSON.stringify({ question: 'checkout now' }) },
      { role: 'tool', id: 'n2', text: 'noted' }, // the chat mode's acknowledgement: not a command
    ])
    expect(f.questions).toEqual([
      { text: 'நீங்கள் புனேவுக்கு டெலிவரி செய்கிறீர்களா', path: '/ta/', unanswered: 'could-not-help' },
      { text: 'Do you offer a warranty?', path: '/ta/' },
    ])
    expect(f.commands).toHaveLength(1)
  })

  it('an empty search after a command turn is a question of its own, never pinned on an earlier answered one', () => {
    const f = conversationFacts([
      map('/', 'en'),
      user('What does the Pro plan cost?'),
      ...search('Pro plan cost', 2),
      said('Pro is ₹499 a month.'),
      user('scroll down'),
      ...ran('scroll_page', { direction: 'down' }, 'done', 'scrolled down'),
      ...search('warranty', 0),
    ])
    expect(f.questions).toEqual([
      { text: 'Pro plan cost', path: '/' },
      { text: 'warranty', path: '/', unanswered: 'search-found-nothing' },
    ])
  })

  it('a command phrased as a question is not a question: by the intent tables, or by the command the assistant ran', () => {
    expect(turnIntent('Could you scroll down?', 'en')).toBe('command')
    expect(turnIntent('कृपया नीचे स्क्रॉल करो', 'hi')).toBe('command')
    expect(turnIntent('Could you scroll down?', 'ta')).toBe('command') // English on a Tamil page
    expect(turnIntent('thank you', 'en')).toBe('nothing')
    const f = conversationFacts([
      map('/', 'en'),
      user('Could you scroll down?'),
      ...ran('scroll_page', { direction: 'down' }, 'done', 'scrolled down'),
      user('Could you scroll down a bit?'), // no table reads "a bit": the scroll the assistant ran says it
      ...ran('scroll_page', { direction: 'down' }, 'done', 'scrolled down'),
      user('thank you'),
      said("You're welcome."),
      user('வணக்கம்'),
      said('வணக்கம்!'),
    ])
    expect(f.questions).toEqual([])
    expect(f.commands).toHaveLength(2)
  })

  it('a question answered in words: a question mark in any script, or two words or more', () => {
    const f = conversationFacts([
      map('/ur/', 'ur'),
      user('کیا آپ پونے میں ڈیلیوری کرتے ہیں؟'),
      said('جی ہاں۔'),
      map('/bn/', 'bn'),
      user('প্রো প্ল্যানের দাম কত'),
      said('মাসে ₹৪৯৯।'),
      user('ধন্যবাদ'),
      said('স্বাগতম।'),
    ])
    expect(f.questions.map((q) => [q.text, q.path])).toEqual([
      ['کیا آپ پونے میں ڈیلیوری کرتے ہیں؟', '/ur/'],
      ['প্রো প্ল্যানের দাম কত', '/bn/'],
    ])
  })

  it('a page opened after the visitor spoke again is not credited to an earlier click', () => {
    const f = conversationFacts([
      map('/', 'en'),
      user('click Watch Demo'),
      ...ran('click_element', { targetText: 'Watch Demo' }, 'done', 'clicked Watch Demo'),
      said('Done.'),
      user('ok'),
      map('/pricing', 'en'), // the visitor opened Pricing by hand
      user('take me to Checkout'),
      ...ran('click_element', { targetText: 'Checkout' }, 'done', 'clicked Checkout'),
      map('/checkout', 'en'),
    ])
    expect(f.takenTo).toEqual(['/checkout'])
  })

  it('the report reads with every intent table the local mode ships', () => {
    expect(Object.keys(INTENT_TABLES).sort()).toEqual([...GRAMMAR_LANGUAGES].sort())
  })
})
