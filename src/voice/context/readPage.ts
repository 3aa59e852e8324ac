/**
 * The read tool: the visible text of the visitor's page, or of the section the visitor names ("what does the
 * Pro plan include?"), in reading order, at most {@link READ_PAGE_MAX_BYTES} bytes of UTF-8 per call, so the
 * assistant can answer questions from what the page says. Protocol: `src/voice/context/README.md`.
 *
 * The page map's privacy rules apply unchanged (./pageMap.ts, one shared reader): never a form value (inputs,
 * textareas, selects and editable regions are skipped whole — a password field included), never hidden content
 * (`hidden`, `inert`, `aria-hidden="true"`, `display: none`, `visibility: hidden`, closed dialogs, `<template>`,
 * `<script>`, `<style>`), nothing of the widget (`[data-voice-ignore]`). Open shadow roots are read; closed ones
 * and frames are not. Pure DOM reading, no mutation.
 * @module
 */
import { createMatcher } from '../commands/match'
import { cleanName, createNamer, isValueBearing, PAGE_MAP_IGNORE_SELECTOR, utf8Bytes } from './pageMap'

/** Most bytes (UTF-8) of page text one read returns. */
export const READ_PAGE_MAX_BYTES = 2048
/** First words of the text a read returns: how the assistant's prompt recognises it. */
export const PAGE_TEXT_HEADER = 'PAGE TEXT'

/** Options of {@link readPage}. */
export interface ReadPageOptions {
  /** The section to read, as the visitor names it (matched against headings and labelled regions). */
  section?: string
  /** Byte budget of the returned text. @default {@link READ_PAGE_MAX_BYTES} */
  maxBytes?: number
  /** Subtrees never read. @default `[data-voice-ignore]` */
  ignoreSelector?: string
}

/** What a read found. */
export interface PageReading {
  /** `PAGE TEXT …` lines: the section's (or page's) visible text, cut to the budget with "…". */
  text: string
  /** The heading or region name that was read, when a section was asked for and found. */
  section?: string
  /** False when a section was asked for and none matched (then `text` lists the sections there are). */
  found: boolean
}

const BLOCK_TAGS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'dd',
  'details',
  'dialog',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tr',
  'ul',
  'br',
  'caption',
  'legend',
  'label',
  'option',
])
const CELL_TAGS = new Set(['td', 'th'])
const REGION_TAGS = new Set([
  'section',
  'article',
  'aside',
  'nav',
  'form',
  'main',
  'header',
  'footer',
  'dialog',
  'fieldset',
])

const headingLevel = (el: Element): number => {
  const tag = el.localName
  if (/^h[1-6]$/.test(tag)) return Number(tag.slice(1))
  if (el.getAttribute('role') === 'heading') return Number(el.getAttribute('aria-level')) || 2
  return 0
}

/**
 * Reads the visible text of `doc` (or of one section); see the module doc. Never throws.
 *
 * A section is found by name among headings (`h1`–`h6`, `role=heading`) and labelled regions (`section`,
 * `article`, `aside`, `nav`, `form`, `fieldset`, `[role=region]`… by `aria-label` / `aria-labelledby` / legend), best
 * match first (exact before partial, as voice commands match). A region is read whole; a heading is read with
 * what follows it up to the next heading of the same or a higher level.
 */
export function readPage(doc: Document, options: ReadPageOptions = {}): PageReading {
  const maxBytes = Math.max(128, options.maxBytes ?? READ_PAGE_MAX_BYTES)
  try {
    const {
      hidesSubtree: hidesByItself,
      shown,
      visibleText,
    } = createNamer(doc, options.ignoreSelector ?? PAGE_MAP_IGNORE_SELECTOR)
    // Every element read is judged: its attributes, and (browsers) whether it is rendered.
    const hidesSubtree = (el: Element) => hidesByItself(el) || !shown(el)
    const body = doc.body
    if (!body)
      return { text: `${PAGE_TEXT_HEADER}: (the page has no content yet)`, found: options.section === undefined }

    /**
     * Visible text of the flat tree under `start`, blocks on their own lines; `from` starts it at an element
     * (what comes before gives nothing, so only the elements holding `from` are entered and judged), `stop` ends
     * the walk early.
     */
    const collect = (start: Node, from?: Element, stop?: (el: Element) => boolean): string => {
      const parts: string[] = []
      let bytes = 0
      let started = from === undefined
      let stopped = false
      // `from` and the elements holding it (across shadow roots), the only ones entered before it starts.
      const holders = new Set<Node>()
      for (let node: Node | null = from ?? null; node;) {
        holders.add(node)
        const parent: Node | null = node.parentNode
        node = parent && parent.nodeType === 11 ? ((parent as ShadowRoot).host ?? null) : parent
      }
      const push = (s: string) => {
        if (!started || stopped) return
        parts.push(s)
        bytes += s.length
      }
      const walk = (node: Node) => {
        for (let child = node.firstChild; child && !stopped && bytes < maxBytes * 2; child = child.nextSibling) {
          if (child.nodeType === 3) {
            push(child.nodeValue ?? '')
            continue
          }
          if (child.nodeType !== 1) continue
          const el = child as Element
          if (!started && !holders.has(el)) continue
          if (from !== undefined && el === from) started = true
          else if (started && stop?.(el)) {
            stopped = true
            return
          }
          if (hidesSubtree(el) || isValueBearing(el)) continue
          const tag = el.localName
          if (tag === 'img') {
            const alt = el.getAttribute('alt')
            if (alt) push(` ${alt} `)
            continue
          }
          const block = BLOCK_TAGS.has(tag)
          if (block) push('\n')
          else if (CELL_TAGS.has(tag)) push(' · ')
          walk(el)
          const shadow = el.shadowRoot
          if (shadow && shadow.mode === 'open') walk(shadow)
          if (block) push('\n')
        }
      }
      walk(start)
      return parts.join('')
    }

    const tidy = (raw: string) =>
      raw
        .split('\n')
        .map((line) =>
          line
            .replace(/[ \t\u00a0]+/g, ' ')
            .replace(/^( · )+/, '')
            .trim(),
        )
        .filter(Boolean)
        .join('\n')

    const fit = (text: string, head: string): string => {
      let out = `${head}\n${text}`
      if (utf8Bytes(out) <= maxBytes) return out
      const marker = '\n… (cut; ask for a section by its heading)'
      let lo = 0
      let hi = text.length
      while (lo < hi) {
        const mid = Math.ceil((lo + hi) / 2)
        if (utf8Bytes(`${head}\n${text.slice(0, mid)}${marker}`) <= maxBytes) lo = mid
        else hi = mid - 1
      }
      let cut = text.slice(0, lo)
      const space = cut.lastIndexOf(' ')
      if (space > lo - 40) cut = cut.slice(0, space)
      out = `${head}\n${cut.trimEnd()}${marker}`
      return out
    }

    if (options.section === undefined || options.section.trim() === '') {
      return {
        text: fit(tidy(collect(body)), `${PAGE_TEXT_HEADER} (the visible text of the whole page, in reading order)`),
        found: true,
      }
    }

    // Sections: headings and labelled regions, visible ones only, in document order. The walk prunes what hides
    // by its attributes; whether an element is rendered (a style query) is asked only of the sections found and
    // of the elements holding them, once each.
    const candidates: { el: Element; name: string; level: number; region: boolean }[] = []
    const path: Element[] = []
    const shownMemo = new Map<Element, boolean>()
    const shownOnce = (el: Element) => {
      let known = shownMemo.get(el)
      if (known === undefined) shownMemo.set(el, (known = shown(el)))
      return known
    }
    const rendered = (el: Element) => shownOnce(el) && path.every(shownOnce)
    const gather = (node: Element | ShadowRoot) => {
      for (let el = node.firstElementChild; el; el = el.nextElementSibling) {
        if (hidesByItself(el) || isValueBearing(el)) continue
        const level = headingLevel(el)
        if (level > 0) {
          if (!rendered(el)) continue
          const name = cleanName(visibleText(el))
          if (name) candidates.push({ el, name, level, region: false })
          continue
        }
        const role = el.getAttribute('role') ?? ''
        if (REGION_TAGS.has(el.localName) || role === 'region' || role === 'group' || role === 'tabpanel') {
          const labelledBy = (el.getAttribute('aria-labelledby') ?? '')
            .split(/\s+/)
            .map((id) => (id ? doc.getElementById(id) : null))
            .filter((x): x is HTMLElement => x !== null)
            .map((x) => visibleText(x))
            .join(' ')
          const legend =
            el.localName === 'fieldset' ? Array.from(el.children).find((c) => c.localName === 'legend') : undefined
          const name = cleanName(labelledBy || el.getAttribute('aria-label') || (legend ? visibleText(legend) : ''))
          if (name && rendered(el)) candidates.push({ el, name, level: 0, region: true })
        }
        path.push(el)
        gather(el)
        if (el.shadowRoot && el.shadowRoot.mode === 'open') gather(el.shadowRoot)
        path.pop()
      }
    }
    gather(body)
    const score = createMatcher(options.section)
    let best: (typeof candidates)[number] | undefined
    let bestScore = 0
    for (const c of candidates) {
      const s = score(c.name)
      if (s > bestScore) {
        best = c
        bestScore = s
      }
    }
    if (!best || bestScore < 40) {
      const names = [...new Set(candidates.filter((c) => !c.region).map((c) => c.name))].slice(0, 20)
      const list = names.length > 0 ? `; the page's sections: ${names.join(' | ')}` : ''
      return {
        text: fit('', `${PAGE_TEXT_HEADER}: no section named ${JSON.stringify(cleanName(options.section))}${list}`),
        found: false,
      }
    }
    const head = `${PAGE_TEXT_HEADER} (section "${best.name}", visible text in reading order)`
    if (best.region) return { text: fit(tidy(collect(best.el)), head), section: best.name, found: true }
    // A heading that opens a region of its own (its parent section/article starts with it): read the region.
    const parent = best.el.parentElement
    if (
      parent &&
      parent !== body &&
      (REGION_TAGS.has(parent.localName) || parent.localName === 'div' || parent.localName === 'li') &&
      parent.firstElementChild === best.el
    ) {
      const siblingsHeadings = Array.from(parent.querySelectorAll('h1, h2, h3, h4, h5, h6, [role=heading]')).filter(
        (h) => h !== best.el && headingLevel(h) <= best.level,
      )
      if (siblingsHeadings.length === 0)
        return { text: fit(tidy(collect(parent)), head), section: best.name, found: true }
    }
    // Else from the heading to the next heading of the same or a higher level, in document order.
    const level = best.level
    const text = collect(body, best.el, (el) => {
      const l = headingLevel(el)
      return l > 0 && l <= level
    })
    return { text: fit(tidy(text), head), section: best.name, found: true }
  } catch {
    return { text: `${PAGE_TEXT_HEADER}: the page could not be read`, found: false }
  }
}
