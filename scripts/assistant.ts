/**
 * `npm run assistant -- create|update|show|index|report`: sets up the Vapi assistant a VoiceOS widget talks to (the
 * five voice-command tools, the page-map system prompt, the `sessionId`/`url` variables; src/voice/assistant) with
 * the platform client (src/platform), and prints the assistant id and the embed snippet. `index` builds the site
 * search index (scripts/site-index/command.ts); `report` syncs the assistant's conversations and writes the
 * conversation report (scripts/report/command.ts).
 *
 * The private key comes from `VAPI_PRIVATE_KEY` only and is never printed: not in the dry run, not in errors
 * (every line this command writes has the key replaced by `***`, on top of the client's own redaction).
 * `VAPI_API_BASE_URL` points it at another API origin (the tests' local server). Exit codes: 0 done,
 * 1 the platform refused or could not be reached, 2 a usage or configuration error.
 */
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import {
  APIConnectionError,
  APIError,
  AuthenticationError,
  BadRequestError,
  createPlatformClient,
  NotFoundError,
  PermissionDeniedError,
  UnprocessableEntityError,
} from '../src/platform'
import {
  buildAssistantCreate,
  buildAssistantUpdate,
  embedSnippet,
  CLIENT_MESSAGES,
  PROMPT_BEGIN,
  VOICE_TOOL_NAMES,
  type AssistantDefinitionOptions,
  type ExistingAssistant,
} from '../src/voice/assistant/definition'
import { LANGUAGE_PLANS } from '../src/voice/assistant/languages'
import { TRANSCRIBER_LANGUAGES, transcribersListing } from '../src/voice/assistant/providerLanguages'
import { languageOverrides } from '../src/voice/assistant/overrides'
import { ALL_LANGUAGES, lookupIn, WIDGET_LANGUAGES, type Language } from '../src/voice/widget/languages'
import { CLI, PACKAGE_EMBED_SRC, PACKAGE_VERSION } from './cliName'
import { DEFAULT_INDEX_DIR, describeIndex, runIndexCommand } from './site-index/command'

/** Default API origin. */
export const DEFAULT_API_BASE_URL = 'https://api.vapi.ai'
/** Placeholder in the snippet when no public key is given. */
export const PUBLIC_KEY_PLACEHOLDER = 'YOUR_VAPI_PUBLIC_KEY'

export const USAGE = `Usage: ${CLI} <create|update|show|index|report> [options]

  create   create the VoiceOS assistant; prints its id and the embed snippet
  update   bring an assistant up to date (keeps its model settings, voice, other tools and your instructions)
  show     print an assistant's VoiceOS setup and the embed snippet, and the site index's age and page count
  index    build the site search index (${CLI} index --help)
  report   what visitors asked, where voice helped, what to fix (${CLI} report --help)

Options:
  --id ID              assistant id for update and show (or VAPI_ASSISTANT_ID)
  --name NAME          assistant name (create: VoiceOS)
  --model MODEL        OpenAI model (create: gpt-4.1-mini)
  --instructions FILE  your own instructions (what your business offers), placed before VoiceOS's
  --languages LIST     your site's languages, e.g. hi,ta,en (BCP 47; the first is the assistant's own):
                       checks each and prints the transcriber and voice it uses (README "Languages")
  --public-key KEY     your Vapi PUBLIC key, for the snippet (or VAPI_PUBLIC_KEY)
  --embed-src URL      where your site serves voiceos.js (or VOICEOS_EMBED_SRC)
  --dry-run            print the request instead of sending it (no key needed)
  --json               show: print the whole assistant as JSON
  --site-index FOLDER  show: the site index to report on (default ./${DEFAULT_INDEX_DIR})
  -h, --help           this text
  -v, --version        print the version

Environment:
  VAPI_PRIVATE_KEY     your Vapi PRIVATE key (required unless --dry-run; never printed)
  VAPI_API_BASE_URL    API origin (default ${DEFAULT_API_BASE_URL})`

/** What the command reads and writes (injected by tests). */
export interface AssistantCommandIO {
  env: Record<string, string | undefined>
  /** Writes one line of output. */
  stdout: (line: string) => void
  /** Writes one line of diagnostics. */
  stderr: (line: string) => void
  /** `fetch` for the platform client. @default globalThis.fetch */
  fetch?: typeof fetch
  /** Reads `--instructions`. @default fs.readFile (UTF-8) */
  readText?: (path: string) => Promise<string>
  /** `index`'s terminal: draws its progress bar when true. @default false */
  isTTY?: boolean
  /** Raw terminal output for `index`'s progress bar. */
  write?: (text: string) => void
}

class UsageError extends Error {}

/**
 * Runs `create`, `update` or `show` with `argv` (the arguments after `npm run assistant --`).
 * @returns the exit code (0 done, 1 platform failure, 2 usage/configuration error). Never throws.
 */
export async function runAssistantCommand(argv: string[], io: AssistantCommandIO): Promise<number> {
  // Loaded on use: the report brings DuckDB (a native module) and Plot, which no other command needs.
  if (argv[0] === 'report') return (await import('./report/command')).runReportCommand(argv.slice(1), io)
  if (argv[0] === 'index')
    return runIndexCommand(argv.slice(1), {
      stdout: io.stdout,
      stderr: io.stderr,
      ...(io.isTTY !== undefined && { isTTY: io.isTTY }),
      ...(io.write && { write: io.write }),
      ...(io.fetch && { fetch: io.fetch }),
    })
  const key = io.env['VAPI_PRIVATE_KEY']?.trim() ?? ''
  const redact = (text: string) => (key.length >= 4 ? text.split(key).join('***') : text)
  const out = (line: string) => io.stdout(redact(line))
  const err = (line: string) => io.stderr(redact(line))
  let baseUrl = DEFAULT_API_BASE_URL
  let id = ''
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        id: { type: 'string' },
        name: { type: 'string' },
        model: { type: 'string' },
        instructions: { type: 'string' },
        'public-key': { type: 'string' },
        'embed-src': { type: 'string' },
        languages: { type: 'string' },
        'dry-run': { type: 'boolean' },
        json: { type: 'boolean' },
        'site-index': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    })
    if (values.help) {
      out(USAGE)
      return 0
    }
    if (values.version) {
      out(PACKAGE_VERSION ?? 'voiceos (this repository; the package prints its semver)')
      return 0
    }
    const command = positionals[0]
    if (positionals.length !== 1 || (command !== 'create' && command !== 'update' && command !== 'show')) {
      throw new UsageError(
        positionals.length === 0
          ? 'Say what to do: create, update, show, index or report.'
          : `Unknown command "${positionals.join(' ')}": use create, update, show, index or report.`,
      )
    }
    baseUrl = (io.env['VAPI_API_BASE_URL']?.trim() || DEFAULT_API_BASE_URL).replace(/\/+$/, '')
    if (!/^https?:\/\/[^\s/]+/.test(baseUrl))
      throw new UsageError(`VAPI_API_BASE_URL is not an http(s) URL: "${baseUrl}".`)
    id = (values.id ?? io.env['VAPI_ASSISTANT_ID'] ?? '').trim()
    if (command === 'show' && !values.json) {
      out(await describeIndex(resolve(values['site-index'] ?? DEFAULT_INDEX_DIR)))
      // Without an assistant id, show reports the site index alone.
      if (!id) return 0
    }
    if (command !== 'create' && !id)
      throw new UsageError(`${command} needs the assistant id: --id ID or VAPI_ASSISTANT_ID.`)
    const publicKey = (values['public-key'] ?? io.env['VAPI_PUBLIC_KEY'] ?? '').trim()
    if (publicKey && key && publicKey === key) {
      throw new UsageError(
        'The public key given for the snippet is your PRIVATE key. The snippet is public: use the public key (Vapi dashboard → API Keys).',
      )
    }
    const siteUrl = (io.env['VITE_SITE_URL']?.trim() || 'https://voiceos.example.com').replace(/\/+$/, '')
    const embedSrc = (
      values['embed-src'] ??
      io.env['VOICEOS_EMBED_SRC'] ??
      (io.env['VITE_SITE_URL']?.trim() ? undefined : PACKAGE_EMBED_SRC) ??
      `${siteUrl}/embed/voiceos.js`
    ).trim()
    const definition: AssistantDefinitionOptions = {
      ...(values.name !== undefined && { name: values.name }),
      ...(values.model !== undefined && { model: values.model }),
    }
    const languages: Language[] = []
    if (values.languages !== undefined) {
      if (command === 'show') throw new UsageError('--languages is for create and update.')
      for (const item of values.languages.split(',')) {
        if (item.trim() === '') continue
        const found = lookupIn(item, ALL_LANGUAGES)
        if (!found)
          throw new UsageError(
            `--languages: "${item.trim()}" is not a language VoiceOS speaks. Use BCP 47 tags among: ${ALL_LANGUAGES.join(', ')}.`,
          )
        if (!languages.includes(found)) languages.push(found)
      }
      if (languages.length === 0) throw new UsageError('--languages is empty: name at least one, e.g. hi,ta,en.')
      definition.language = languages[0]!
    }
    /** What each language uses, one line each (and the fallback, where a language is not supported as itself). */
    const printLanguages = () => {
      if (languages.length === 0) return
      out('')
      out(
        'Languages (the widget sends these as assistantOverrides at each press; data-language-overrides="false" turns it off):',
      )
      for (const lang of languages) {
        const plan = LANGUAGE_PLANS[lang]
        const listens = plan.transcriber
          ? `listens with ${plan.transcriber.provider} ${plan.transcriber.model} (${plan.transcriber.language})`
          : "listens with the assistant's own transcriber"
        const speaks = plan.voice
          ? `speaks with ${plan.voice.provider} ${plan.voice.voiceId}`
          : "speaks with the assistant's own voice"
        out(`  ${lang.padEnd(8)}${plan.name}: ${listens}, ${speaks}`)
        // Said plainly when no configured transcriber publishes the language (src/voice/assistant/providerLanguages.ts).
        const listed = transcribersListing(lang).length > 0 || transcribersListing(lang.split('-')[0]!).length > 0
        if (!listed && plan.transcriber) {
          const instead = (LANGUAGE_PLANS as Record<string, { name: string } | undefined>)[plan.transcriber.language]
          out(
            `          not supported — no configured transcriber (${Object.keys(TRANSCRIBER_LANGUAGES).join(', ')}) lists ${plan.name}: it falls back to ${instead?.name ?? plan.transcriber.language} (${plan.transcriber.provider} ${plan.transcriber.model}, ${plan.transcriber.language})`,
          )
        }
        if (plan.fallback) out(`          fallback — ${plan.fallback}`)
        if (!(WIDGET_LANGUAGES as readonly string[]).includes(lang))
          out(`          the widget's own text is not yet in ${plan.name}: it shows English`)
      }
    }
    if (values.instructions !== undefined) {
      const read = io.readText ?? ((path: string) => readFile(path, 'utf8'))
      try {
        definition.instructions = await read(values.instructions)
      } catch (e) {
        throw new UsageError(`Cannot read --instructions ${values.instructions}: ${(e as Error).message}`)
      }
    }
    const printSnippet = (assistantId: string) => {
      out('')
      out('Add VoiceOS to your site (one script tag, see the README "Add VoiceOS to your site"):')
      out(
        embedSnippet({
          src: embedSrc,
          publicKey: publicKey || PUBLIC_KEY_PLACEHOLDER,
          assistantId,
          ...(languages.length > 1 && { languages }),
        }),
      )
      if (!publicKey)
        out(`(replace ${PUBLIC_KEY_PLACEHOLDER} with your Vapi public key, or pass --public-key / VAPI_PUBLIC_KEY)`)
    }
    const path = command === 'create' ? '/assistant' : `/assistant/${encodeURIComponent(id)}`

    if (values['dry-run']) {
      const method = command === 'create' ? 'POST' : command === 'update' ? 'PATCH' : 'GET'
      out(`${method} ${baseUrl}${path}`)
      out(`Authorization: Bearer ${key ? '*** (VAPI_PRIVATE_KEY)' : '<VAPI_PRIVATE_KEY, not set>'}`)
      if (command !== 'show') {
        const body =
          command === 'create' ? buildAssistantCreate(definition) : buildAssistantUpdate(undefined, definition)
        out('Content-Type: application/json')
        out('')
        out(JSON.stringify(body, null, 2))
        if (languages.length > 0) {
          out('')
          out('assistantOverrides per language (sent by the widget at each press):')
          out(
            JSON.stringify(
              Object.fromEntries(
                languages.map((l) => [l, languageOverrides(l, `<${LANGUAGE_PLANS[l].name} greeting>`)]),
              ),
              null,
              2,
            ),
          )
          printLanguages()
        }
        if (command === 'update') {
          err(
            'Dry run: without --dry-run, update first reads the assistant and keeps its model settings, other tools and your own prompt text.',
          )
        }
      }
      err('Dry run: nothing was sent.')
      return 0
    }

    if (!key) {
      throw new UsageError(
        `VAPI_PRIVATE_KEY is not set. Create a private key in the Vapi dashboard (API Keys) and run: VAPI_PRIVATE_KEY=… ${CLI} ` +
          command,
      )
    }
    const client = createPlatformClient({ token: key, baseUrl, ...(io.fetch && { fetch: io.fetch }) })

    if (command === 'create') {
      const created = await client.assistants.create(buildAssistantCreate(definition))
      out(`Created assistant ${created.id} (${created.name ?? definition.name ?? 'VoiceOS'}).`)
      out(`Assistant id: ${created.id}`)
      printLanguages()
      printSnippet(created.id)
      return 0
    }
    const existing = (await client.assistants.retrieve(id)) as unknown as ExistingAssistant & { id: string }
    if (command === 'update') {
      const updated = await client.assistants.update(id, buildAssistantUpdate(existing, definition))
      out(
        `Updated assistant ${updated.id}: the seven client-side tools (four voice commands, read_page, search_site and open_page), the page-map instructions and the client messages are current.`,
      )
      out(`Assistant id: ${updated.id}`)
      printLanguages()
      printSnippet(updated.id)
      return 0
    }
    // show
    if (values.json) {
      out(JSON.stringify(existing, null, 2))
      return 0
    }
    const tools = new Set(
      (existing.model?.tools ?? [])
        .map((t) => (t as { function?: { name?: unknown } } | null)?.function?.name)
        .filter((n): n is string => typeof n === 'string'),
    )
    const missingTools = VOICE_TOOL_NAMES.filter((n) => !tools.has(n))
    const clientMessages = existing.clientMessages
    const missingMessages = clientMessages
      ? CLIENT_MESSAGES.filter((m) => (m === 'tool-calls' || m === 'transcript') && !clientMessages.includes(m))
      : []
    const prompt = existing.model?.messages?.find((m) => m.role === 'system')?.content ?? ''
    out(`Assistant ${existing.id}${existing.name ? ` "${existing.name}"` : ''}`)
    out(`Model: ${existing.model?.provider ?? '?'}/${existing.model?.model ?? '?'}`)
    out(
      `Voice-command tools: ${missingTools.length === 0 ? `${VOICE_TOOL_NAMES.join(', ')} (all five)` : `missing ${missingTools.join(', ')}`}`,
    )
    out(`Page-map instructions: ${prompt.includes(PROMPT_BEGIN) ? 'present' : 'missing'}`)
    out(
      `Client messages: ${missingMessages.length === 0 ? 'tool-calls and transcript delivered' : `missing ${missingMessages.join(', ')}`}`,
    )
    if (missingTools.length > 0 || !prompt.includes(PROMPT_BEGIN) || missingMessages.length > 0) {
      out(`Not ready for VoiceOS: run  ${CLI} update --id ${id}`)
    }
    printSnippet(existing.id)
    return 0
  } catch (error) {
    if (error instanceof UsageError) {
      err(`Error: ${error.message}`)
      err(`Run  ${CLI} --help  for the options.`)
      return 2
    }
    if (error instanceof TypeError && (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      err(`Error: ${error.message}`)
      err(`Run  ${CLI} --help  for the options.`)
      return 2
    }
    err(`Error: ${explain(error, baseUrl, id)}`)
    return 1
  }
}

/** A clear sentence for a platform failure (the client's errors never hold the key). */
function explain(error: unknown, baseUrl: string, id: string): string {
  if (error instanceof AuthenticationError) {
    return "The platform refused the private key (401 Unauthorized). Check VAPI_PRIVATE_KEY: it must be your org's PRIVATE key from the Vapi dashboard (API Keys), not the public key."
  }
  if (error instanceof PermissionDeniedError)
    return `The private key may not do this (403 Forbidden): ${serverMessages(error.body).join('; ') || 'no details'}.`
  if (error instanceof NotFoundError)
    return `No assistant with id "${id}" (404 Not Found). Check --id / VAPI_ASSISTANT_ID.`
  if (error instanceof BadRequestError || error instanceof UnprocessableEntityError) {
    const messages = serverMessages(error.body)
    return `The platform rejected the assistant definition (${error.status}):${messages.length ? messages.map((m) => `\n  - ${m}`).join('') : ' no details'}`
  }
  if (error instanceof APIError) return `The platform answered ${error.message}.`
  if (error instanceof APIConnectionError)
    return `Could not reach ${baseUrl}: ${error.message} Check the network or VAPI_API_BASE_URL.`
  return error instanceof Error ? error.message : String(error)
}

/** Vapi's error bodies: `{ message: string | string[], error, statusCode }`. */
function serverMessages(body: unknown): string[] {
  if (!body || typeof body !== 'object') return typeof body === 'string' && body ? [body.slice(0, 500)] : []
  const m = (body as { message?: unknown }).message
  if (Array.isArray(m)) return m.filter((x): x is string => typeof x === 'string').slice(0, 20)
  if (typeof m === 'string') return [m]
  const e = (body as { error?: unknown }).error
  return typeof e === 'string' ? [e] : []
}

// The published CLI (scripts/cli.ts, bundled with this module) runs the command itself.
const invokedDirectly =
  !PACKAGE_VERSION && process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href
if (invokedDirectly) {
  process.exitCode = await runAssistantCommand(process.argv.slice(2), {
    env: process.env,
    stdout: (line) => process.stdout.write(`${line}\n`),
    stderr: (line) => process.stderr.write(`${line}\n`),
    isTTY: process.stderr.isTTY === true,
    write: (text) => process.stderr.write(text),
  })
}
