/**
 * The half of a voice session that acts on the page: the command executor and its de-duplicating router, the
 * page context sent to the call, command results reported back, the read tool, and the realtime channel's
 * subscription. Imported by `./session` on demand, as soon as the session exists, and never on the way to
 * Listening: nothing here is needed before the call is set up (a command, a tool call or the page map only
 * comes after `call-start`), so the press's critical chain (README "How fast the press is") carries only the
 * session's wiring, the engine and daily-js, and this chunk (the executor, zod, the page map) arrives beside the
 * call's first seconds.
 */
import {
  createCommandExecutor,
  createCommandRouter,
  type CommandResult,
  type CommandSource,
  type VoiceToast,
} from '../commands'
import { createPageContext, type PageContextOptions } from '../context/pageContext'
import {
  describeCommandResult,
  readResultMessage,
  searchResultMessage,
  resultMessage,
  type ToolCallRef,
  type TriggerResponse,
} from '../context/report'
import { readPage } from '../context/readPage'
import type { VapiClientMessage, VapiMessage } from '../engine/messages'
import { subscribeToVoiceCommands, toolCallToCommands, toolCallToReads, toolCallToSiteTools } from '../realtime'
import type { SiteToolRequest } from '../realtime/toolCalls'
import type { SiteSearch } from '../search/siteSearch'
import type { RealtimeSettings, WidgetToast } from './types'

/** Options of {@link createSessionActions}; the session passes its own options through. */
export interface SessionActionsOptions {
  /** Shows a toast (the executor's SPEC §8 toasts, as widget toasts). */
  notify: (toast: WidgetToast) => void
  /** Document the commands act on. @default document */
  root?: Document
  /** Document the page map and the read tool read; `undefined` → neither runs. */
  doc: Document | undefined
  /** The engine's `send` (client messages into the call); `undefined` → no page context and no reports. */
  send: ((message: VapiClientMessage) => boolean) | undefined
  /** Page context settings (`VoiceSessionOptions.pageContext`). @default on */
  pageContext?: false | Omit<PageContextOptions, 'doc' | 'send'>
  /** Report every command's outcome to the call. @default true */
  reportResults?: boolean
  /** When a result makes the assistant respond at once. @default 'refusals' */
  triggerResponse?: TriggerResponse
  /** Called as a command starts running (the session shows "processing", SPEC §4). */
  onCommand: () => void
  /** Whether the page has been hidden (pagehide, ./handoff.ts): from then on no command runs here. */
  isHidden: () => boolean
  /** Log sink. */
  logger: Pick<Console, 'info' | 'warn' | 'error'>
  /**
   * Where the site's search index is published (`data-site-index`, README "Site search"); '' or undefined → the
   * `search_site` tool answers that the site has no index. Nothing of it is fetched before the conversation's start.
   */
  siteIndex?: string
  /**
   * The site search the session already created for `siteIndex` (at the press, to warm it and fetch the visitor's
   * words ahead); this half answers `search_site` with it. @default created here at the conversation's start
   */
  siteSearch?: Promise<SiteSearch>
  /**
   * Opens a page `open_page` accepted (an absolute same-origin URL), after its result was sent. The chat passes
   * its own (it waits for the answer in progress). @default `location.assign` in the next task
   */
  openPage?: (url: string) => void
}

/** What the session asks of its acting half. Every method is safe to call after {@link dispose}: it does nothing. */
export interface SessionActions {
  /** Routes a command (SPEC §3 message) and reports its result (a toggle's once its control has settled). */
  run(message: unknown, source: CommandSource, toolCall?: ToolCallRef): void
  /** Runs the commands and read-tool calls of a `tool-calls` / `function-call` message, answering each. */
  runToolCalls(message: VapiMessage): void
  /**
   * Starts sending the page map (on call-start and after each navigation), and starts loading the site's search
   * index when the owner published one (src/voice/search/siteSearch.ts `warm`: the visitor has shown intent).
   */
  startPageContext(): void
  /**
   * The visitor's words, as they speak (`partial`: a partial transcript, the utterance so far) and once final:
   * fetches ahead what a site search of them needs, before the assistant asks for it
   * (src/voice/search/siteSearch.ts `anticipate`). Nothing without a published index or before the conversation's
   * start; never throws.
   */
  anticipate(text: string, partial?: boolean): void
  /**
   * Subscribes to the session's realtime channel (`voice-commands-{sessionId}`, SPEC §3); its commands run as
   * `realtime` ones. Resolves once subscribed or failed (logged: commands then arrive as tool calls only).
   */
  subscribe(settings: RealtimeSettings, sessionId: string): Promise<void>
  /** Stops the page context, disposes the executor, forgets routed ids and leaves the channel. */
  dispose(): void
}

const toWidgetToast = (t: VoiceToast): WidgetToast => ({
  type: t.type,
  titleKey: t.titleKey,
  ...(t.descriptionKey !== undefined && { descriptionKey: t.descriptionKey }),
  ...(t.values !== undefined && { values: t.values }),
  title: t.title,
  ...(t.description !== undefined && { description: t.description }),
  ...(t.action !== undefined && { action: t.action }),
})

/**
 * Creates the acting half of one voice session. Commands from the realtime channel and from tool calls go
 * through one de-duplicating router, so a command arriving both ways runs once; after each command its outcome
 * goes to the call (done / refused with the reason; for a tool call in the `ToolCallResult` shape).
 */
export function createSessionActions(options: SessionActionsOptions): SessionActions {
  const { send, doc, logger: log } = options
  let disposed = false
  /** The site search of this session: its module and the index load at the conversation's start. */
  let siteSearch: Promise<SiteSearch> | undefined = options.siteSearch
  const search = () =>
    (siteSearch ??= import('../search/siteSearch').then((m) =>
      m.createSiteSearch({
        indexUrl: options.siteIndex,
        ...(doc?.defaultView && { origin: doc.defaultView.location.origin }),
      }),
    ))
  /**
   * Answers a `search_site` or `open_page` call with its `COMMAND RESULT` (the read tool's shape): the results as
   * text, or why not in words; an accepted `open_page` then opens the page (the handoff carries the call over).
   */
  const answerSiteTool = async (request: SiteToolRequest) => {
    const call = { ...(request.id !== undefined && { id: request.id }), name: request.name }
    const answer = (found: boolean, text: string) => {
      if (!send || disposed) return
      send(readResultMessage({ found, text }, call))
    }
    try {
      if (request.kind === 'search') {
        const s = await search()
        const { formatSearchResults } = await import('../search/siteSearch')
        const outcome = await s.search(request.query)
        if (!send || disposed) return
        send(
          searchResultMessage(
            outcome.ok
              ? { found: true, text: formatSearchResults(outcome), hits: outcome.results.length, query: outcome.query }
              : { found: false, text: outcome.error, query: request.query },
            call,
          ),
        )
        return
      }
      const [{ checkPage }, s] = await Promise.all([import('../search/openPage'), search()])
      const win = doc?.defaultView
      if (!win) return answer(false, 'pages cannot be opened from here')
      const decision = await checkPage(request.path, { win, foundPaths: s.foundPaths })
      if (!decision.ok) return answer(false, decision.error)
      if (options.isHidden() || disposed) return
      if (send && !disposed)
        send(
          resultMessage(
            { outcome: 'done', text: `opening ${decision.path}; the conversation continues there` },
            request.id !== undefined ? { id: request.id, name: request.name } : undefined,
            'never',
          ),
        )
      const open = options.openPage ?? ((url: string) => void setTimeout(() => win.location.assign(url), 0))
      open(decision.url)
    } catch (error) {
      log.warn('[voice] could not answer a site tool call', error)
      answer(false, 'the site search could not run on this page')
    }
  }
  /** A search module that did not load: the next `search_site` call tries again and says so. */
  const noSearch = (error: unknown) => {
    siteSearch = undefined
    log.warn('[voice] could not load the site search', error)
  }
  let unsubscribe: (() => Promise<void>) | undefined
  const pageContext =
    send && doc && options.pageContext !== false
      ? createPageContext({ ...(options.pageContext || {}), doc, send, logger: log })
      : undefined
  const executor = createCommandExecutor({
    notify: (t) => options.notify(toWidgetToast(t)),
    ...(options.root && { root: options.root }),
  })
  const router = createCommandRouter({ executor, onCommand: options.onCommand })

  /**
   * Tells the call what a command came to. A malformed or unknown message from the realtime channel is reported
   * silently: anyone holding the anon key can broadcast on a public channel, and junk must not make the
   * assistant talk. Never throws.
   */
  const report = (result: CommandResult, source: CommandSource, toolCall?: ToolCallRef) => {
    if (!send || options.reportResults === false || disposed) return
    try {
      const r = describeCommandResult(result)
      const junk = source === 'realtime' && (result.status === 'invalid' || result.status === 'unknown')
      if (r) send(resultMessage(r, toolCall, junk ? 'never' : options.triggerResponse))
    } catch (error) {
      log.warn('[voice] could not report a command result', error)
    }
  }

  const run: SessionActions['run'] = (message, source, toolCall) => {
    if (disposed) return
    if (options.isHidden()) {
      // The rule for the gap between pages (./handoff.ts): from pagehide on this page runs nothing; the next page
      // tells the assistant that commands sent meanwhile were not run, so none runs twice and none is lost silently.
      log.warn('[voice] a command arrived after the page was hidden; not run here')
      return
    }
    const result = router.route(message, source)
    if (result.status === 'executed' && result.settled) void result.settled.then(() => report(result, source, toolCall))
    else report(result, source, toolCall)
  }

  return {
    run,
    runToolCalls(message) {
      if (disposed) return
      const names = toolCallNames(message)
      for (const command of toolCallToCommands(message)) {
        const name = command.id !== undefined ? names.get(command.id) : undefined
        run(command, 'tool-call', command.id !== undefined && name !== undefined ? { id: command.id, name } : undefined)
      }
      // The read tool: the page's (or a section's) visible text, as the tool call's result.
      for (const read of toolCallToReads(message)) {
        if (!send || !doc) break
        try {
          send(readResultMessage(readPage(doc, read.section !== undefined ? { section: read.section } : {}), read))
        } catch (error) {
          log.warn('[voice] could not answer a read tool call', error)
        }
      }
      // The site tools: search the site's index, open a page of the site.
      for (const request of toolCallToSiteTools(message)) void answerSiteTool(request)
    },
    startPageContext() {
      if (disposed) return
      pageContext?.start()
      if (options.siteIndex) void search().then((s) => void s.warm(), noSearch)
    },
    anticipate(text, partial = false) {
      if (disposed || !siteSearch) return
      void siteSearch.then((s) => void s.anticipate(text, { partial }), noSearch)
    },
    async subscribe(settings, sessionId) {
      if (disposed) return
      try {
        const s = await subscribeToVoiceCommands({
          supabaseUrl: settings.supabaseUrl,
          anonKey: settings.anonKey,
          sessionId,
          private: settings.private === true,
          ...(settings.accessToken !== undefined && { accessToken: settings.accessToken }),
          ...(settings.transport !== undefined && { transport: settings.transport as never }),
          onCommand: (message) => run(message, 'realtime'),
        })
        if (disposed) void s.unsubscribe()
        else unsubscribe = () => s.unsubscribe()
      } catch (error) {
        log.warn('[voice] realtime channel unavailable; commands arrive as tool calls only', error)
      }
    },
    dispose() {
      if (disposed) return
      disposed = true
      pageContext?.stop()
      executor.dispose()
      router.reset()
      const u = unsubscribe
      unsubscribe = undefined
      if (u) void u()
    },
  }
}

/** Tool call id → function name of a `tool-calls` message (for `ToolCallResult.name`). Never throws. */
function toolCallNames(message: VapiMessage): Map<string, string> {
  const names = new Map<string, string>()
  try {
    const m = message as { toolCallList?: unknown; toolWithToolCallList?: unknown }
    const list = Array.isArray(m.toolCallList)
      ? m.toolCallList
      : Array.isArray(m.toolWithToolCallList)
        ? m.toolWithToolCallList.map((t: unknown) => (t as { toolCall?: unknown } | null)?.toolCall)
        : []
    for (const call of list) {
      const id = (call as { id?: unknown } | null)?.id
      const name = (call as { function?: { name?: unknown } } | null)?.function?.name
      if (typeof id === 'string' && typeof name === 'string') names.set(id, name)
    }
  } catch {
    /* no names: results go out without the tool call reference */
  }
  return names
}
