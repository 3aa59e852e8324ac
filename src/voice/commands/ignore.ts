/**
 * Which elements commands never act on: those inside `ignoreSelector` (the voice widget itself,
 * `[data-voice-ignore]`), looked up through the flat tree (open shadow roots included).
 *
 * The ignored elements are found once per command, when first asked; an element is ignored when it or a
 * flat-tree ancestor is one of them, and the answer for each ancestor visited is kept for the command, so the
 * candidates of a big page cost one look per element, not one per ancestor.
 */
import { composedParent, queryAllDeep } from './dom'
import type { LookupContext } from './click'

/** One command's cache; a sliced lookup keeps it across tasks ({@link WidgetFilter.resume}). */
export interface IgnoreState {
  /** The elements matching the selector; `undefined` until asked. */
  ignored: Set<Element> | undefined
  /** Answers found so far, per element visited. */
  memo: Map<Element, boolean>
  /** The command's document. */
  doc: Document | undefined
}

/** What {@link createWidgetFilter} returns. */
export interface WidgetFilter {
  /** The lookup context the target choosers (./click.ts, ./chooseField.ts, ./toggle.ts) ask. */
  readonly lookup: LookupContext
  /** Starts a command on `doc` with an empty cache. */
  begin(doc: Document): void
  /** The current command's cache. */
  current(): IgnoreState
  /** Makes `state` (kept by a lookup that went on in a later task) the current cache again. */
  resume(state: IgnoreState): void
}

/** The filter for `ignoreSelector`; `''` ignores nothing. */
export function createWidgetFilter(ignoreSelector: string): WidgetFilter {
  let state: IgnoreState = { ignored: undefined, memo: new Map(), doc: undefined }
  const isIgnoredUncached = (el: Element, ignored: Set<Element>): boolean => {
    const path: Element[] = []
    let answer = false
    for (let node: Element | null = el, guard = 0; node && guard < 5_000; node = composedParent(node), guard++) {
      const known = state.memo.get(node)
      if (known !== undefined) {
        answer = known
        break
      }
      path.push(node)
      if (ignored.has(node)) {
        answer = true
        break
      }
    }
    for (const node of path) state.memo.set(node, answer)
    return answer
  }
  return {
    lookup: {
      isIgnored: (el) => {
        if (!ignoreSelector) return false
        if (state.ignored === undefined) {
          try {
            state.ignored = new Set(queryAllDeep(state.doc ?? el.ownerDocument, ignoreSelector))
          } catch {
            state.ignored = new Set()
          }
        }
        // No widget on the page: nothing is ignored (the common case costs nothing per candidate).
        if (state.ignored.size === 0) return false
        return isIgnoredUncached(el, state.ignored)
      },
    },
    begin(doc) {
      state = { ignored: undefined, memo: new Map(), doc }
    },
    current: () => state,
    resume(s) {
      state = s
    },
  }
}
