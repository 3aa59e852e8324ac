/**
 * `npm run assistant -- create|update|show` against the local platform server, which validates every JSON
 * request body with Vapi's OpenAPI document (and answers 400 with Vapi's error shape when one does not
 * match): the five tools, the prompt, the snippet, update's merge, the dry run, and that the private key
 * never appears in any output — also through the real `npm run assistant` process.
 */
import { spawn } from 'node:child_process'
import { resolve } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { runAssistantCommand, PUBLIC_KEY_PLACEHOLDER } from '../../../scripts/assistant'
import {
  buildAssistantCreate,
  buildAssistantUpdate,
  mergePrompt,
  voiceCommandTools,
  CLIENT_MESSAGES,
  MAX_CALL_SECONDS,
  SILENCE_END_SECONDS,
  SILENCE_HOOK_NAME,
  PROMPT_BEGIN,
  PROMPT_END,
  VOICE_TOOL_NAMES,
} from '../../../src/voice/assistant/definition'
import { toolCallToCommands, toolCallToReads } from '../../../src/voice/realtime/toolCalls'
import { parseVoiceCommand } from '../../../src/voice/commands'
import {
  startPlatformServer,
  type PlatformServer,
  type RecordedRequest,
  type Reply,
} from '../../servers/platform-server'
import { bodyValidator, componentValidator } from '../platform/schema'

const KEY = 'sk_live_priv_0123456789abcdef'
const PUBLIC = 'pk_public_abcdef0123'

/** Answers like Vapi: validates the body against the document, else 400 `{ message: [...], error, statusCode }`. */
function validatingFallback(assistants: Map<string, Record<string, unknown>>) {
  return (req: RecordedRequest): Reply => {
    if (req.headers.authorization !== `Bearer ${KEY}`) {
      return {
        status: 401,
        body: {
          message: `Invalid Key. Hot tip, you may be using the private key instead of the public key, or vice versa. (${req.headers.authorization})`,
          error: 'Unauthorized',
          statusCode: 401,
        },
      }
    }
    const template = req.path === '/assistant' ? '/assistant' : '/assistant/{id}'
    const validate = req.method === 'GET' ? null : bodyValidator(req.method, template)
    if (validate && !validate(req.json)) {
      return {
        status: 400,
        body: {
          message: (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`),
          error: 'Bad Request',
          statusCode: 400,
        },
      }
    }
    const id = decodeURIComponent(req.path.split('/')[2] ?? '')
    if (req.method === 'POST') {
      const created = { id: `asst_${assistants.size + 1}`, orgId: 'org_1', ...(req.json as object) }
      assistants.set(created.id, created)
      return { status: 201, body: created }
    }
    const existing = assistants.get(id)
    if (!existing) return { status: 404, body: { message: 'Assistant not found', error: 'Not Found', statusCode: 404 } }
    if (req.method === 'PATCH') {
      const updated = { ...existing, ...(req.json as object) }
      assistants.set(id, updated)
      return { status: 200, body: updated }
    }
    return { status: 200, body: existing }
  }
}

let server: PlatformServer
const assistants = new Map<string, Record<string, unknown>>()

async function run(argv: string[], env: Record<string, string | undefined> = {}) {
  const stdout: string[] = []
  const stderr: string[] = []
  const code = await runAssistantCommand(argv, {
    env: { VAPI_PRIVATE_KEY: KEY, VAPI_API_BASE_URL: server.url, ...env },
    stdout: (l) => stdout.push(l),
    stderr: (l) => stderr.push(l),
  })
  const all = [...stdout, ...stderr].join('\n')
  expect(all).not.toContain(KEY) // the private key is never printed, whatever happened
  return { code, stdout: stdout.join('\n'), stderr: stderr.join('\n') }
}

beforeAll(async () => {
  server = await startPlatformServer()
})
afterAll(async () => {
  await server.close()
})
beforeEach(() => {
  server.reset()
  assistants.clear()
  server.fallback = validatingFallback(assistants)
})

describe('the assistant definition', () => {
  it('is a valid CreateAssistantDTO with five client-side function tools (no server), async: one per action and read_page', () => {
    const body = buildAssistantCreate()
    expect(bodyValidator('POST', '/assistant')!(body)).toBe(true)
    const tools = voiceCommandTools()
    expect(tools.map((t) => (t as { function: { name: string } }).function.name)).toEqual([...VOICE_TOOL_NAMES])
    const toolDto = componentValidator('CreateFunctionToolDTO')
    for (const tool of tools) {
      expect(toolDto(tool), JSON.stringify(toolDto.errors)).toBe(true)
      expect(tool).not.toHaveProperty('server')
      expect(tool).toMatchObject({ type: 'function', async: true })
    }
    expect(body.clientMessages).toEqual(expect.arrayContaining(['tool-calls', 'transcript']))
  })

  it('ends a call nobody speaks in: a customer.speech.timeout hook with an endCall tool, and a maximum duration', () => {
    const body = buildAssistantCreate()
    expect(componentValidator('CallHookCustomerSpeechTimeout')(body.hooks?.[0])).toBe(true)
    expect(body.hooks).toEqual([
      {
        name: SILENCE_HOOK_NAME,
        on: 'customer.speech.timeout',
        options: { timeoutSeconds: SILENCE_END_SECONDS, triggerMaxCount: 1, triggerResetMode: 'onUserSpeech' },
        do: [{ type: 'tool', tool: { type: 'endCall' } }],
      },
    ])
    expect(componentValidator('CreateEndCallToolDTO')({ type: 'endCall' })).toBe(true)
    expect(body.maxDurationSeconds).toBe(MAX_CALL_SECONDS)
  })

  it('turns Live Call Control on explicitly (the document contradicts itself on the default)', () => {
    const body = buildAssistantCreate()
    expect(body.monitorPlan).toEqual({ controlEnabled: true })
    expect(componentValidator('MonitorPlan')(body.monitorPlan)).toBe(true)
    expect(bodyValidator('PATCH', '/assistant/{id}')!(buildAssistantUpdate(undefined))).toBe(true)
    const kept = buildAssistantUpdate({ monitorPlan: { listenEnabled: false, controlEnabled: false } })
    expect(kept.monitorPlan).toEqual({ listenEnabled: false, controlEnabled: true })
  })

  it('its tool schemas are SPEC §3 command fields that the widget router accepts', () => {
    const params = voiceCommandTools().map(
      (t) =>
        (t as { function: { name: string; parameters: { properties: Record<string, { enum?: string[] }> } } }).function,
    )
    expect(Object.keys(params[0]!.parameters.properties)).toEqual(['direction'])
    expect(params[0]!.parameters.properties['direction']!.enum).toEqual(['up', 'down', 'top', 'bottom'])
    expect(Object.keys(params[1]!.parameters.properties)).toEqual(['targetText', 'role', 'selector'])
    expect(Object.keys(params[2]!.parameters.properties)).toEqual(['fieldHint', 'fieldType', 'value', 'selector'])
    expect(params[2]!.parameters.properties['fieldType']!.enum).toEqual([
      'email',
      'text',
      'password',
      'tel',
      'number',
      'url',
      'textarea',
      'date',
      'time',
      'datetime-local',
      'month',
      'week',
      'select',
      'range',
      'radio',
    ])
    expect(params[4]!.name).toBe('read_page')
    expect(Object.keys(params[4]!.parameters.properties)).toEqual(['section'])
    expect(Object.keys(params[3]!.parameters.properties)).toEqual(['targetText', 'role', 'selector', 'value'])
    // A model's call of each tool becomes a valid command of the right action.
    const args = [
      { direction: 'down' },
      { targetText: 'Watch Demo', role: 'button' },
      { fieldHint: 'Email', fieldType: 'email', value: 'a@b.co' },
      { targetText: 'Newsletter', value: 'on' },
    ]
    const message = {
      type: 'tool-calls',
      toolCallList: params.map((p, i) => ({
        id: `c${i}`,
        type: 'function',
        function: { name: p.name, arguments: JSON.stringify(args[i]) },
      })),
    }
    const parsed = toolCallToCommands(message).map((c) => parseVoiceCommand(c))
    expect(parsed.map((p) => (p.kind === 'command' ? p.command.action : p.kind))).toEqual([
      'scroll',
      'click',
      'fill',
      'toggle',
    ])
    // Every field type the fill tool offers is one the command schema accepts.
    for (const fieldType of params[2]!.parameters.properties['fieldType']!.enum!) {
      expect(parseVoiceCommand({ action: 'fill', fieldType, value: 'x' }).kind, fieldType).toBe('command')
    }
    // The read tool's call is a read request, not a command.
    const read = {
      type: 'tool-calls',
      toolCallList: [
        { id: 'r1', type: 'function', function: { name: 'read_page', arguments: '{"section":"Pro plan"}' } },
      ],
    }
    expect(toolCallToCommands(read)).toEqual([])
    expect(toolCallToReads(read)).toEqual([{ id: 'r1', name: 'read_page', section: 'Pro plan' }])
  })

  it("the prompt uses the page map, the results and the call variables; update keeps the owner's text", () => {
    const prompt = mergePrompt(undefined)
    for (const needle of ['PAGE MAP', 'COMMAND RESULT', 'PAGE TEXT', '{{url}}', '{{sessionId}}', ...VOICE_TOOL_NAMES])
      expect(prompt).toContain(needle)
    const owner = 'We sell handmade tea. Be warm.'
    const merged = mergePrompt(
      `${owner}\n\n${PROMPT_BEGIN}\nold instructions\n${PROMPT_END}\nAlso: mention free shipping.`,
    )
    expect(merged).toContain(owner)
    expect(merged).toContain('mention free shipping')
    expect(merged).not.toContain('old instructions')
    expect(merged.split(PROMPT_BEGIN)).toHaveLength(2)
  })
})

describe('npm run assistant (in process, local platform server)', () => {
  it('create: POST /assistant with a valid body; prints the id and the embed snippet', async () => {
    const r = await run(['create', '--public-key', PUBLIC, '--embed-src', 'https://shop.example/embed/voiceos.js'])
    expect(r.code).toBe(0)
    expect(server.requests.map((q) => `${q.method} ${q.path}`)).toEqual(['POST /assistant'])
    expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`)
    expect(r.stdout).toContain('Assistant id: asst_1')
    expect(r.stdout).toContain(
      `<script src="https://shop.example/embed/voiceos.js" data-public-key="${PUBLIC}" data-assistant-id="asst_1" async></script>`,
    )
  })

  it('create without a public key prints a placeholder and says how to fill it', async () => {
    const r = await run(['create', '--name', 'Tea Shop', '--model', 'gpt-4o'])
    expect(r.code).toBe(0)
    expect(server.requests[0]!.json).toMatchObject({ name: 'Tea Shop', model: { provider: 'openai', model: 'gpt-4o' } })
    expect(r.stdout).toContain(`data-public-key="${PUBLIC_KEY_PLACEHOLDER}"`)
    expect(r.stdout).toContain('https://voiceos.example.com/embed/voiceos.js')
  })

  it('update: reads the assistant, keeps its model settings, other tools and owner text; replaces ours (valid PATCH)', async () => {
    assistants.set('asst_9', {
      id: 'asst_9',
      name: 'Shop',
      firstMessage: 'Welcome to the shop!',
      model: {
        provider: 'openai',
        model: 'gpt-4o',
        temperature: 0.3,
        messages: [{ role: 'system', content: `We sell tea.\n\n${PROMPT_BEGIN}\nstale\n${PROMPT_END}` }],
        tools: [
          {
            type: 'function',
            function: { name: 'lookup_order', description: 'Order status' },
            server: { url: 'https://shop.example/tools' },
          },
          { type: 'function', function: { name: 'scroll_page', description: 'old version' } },
        ],
      },
      clientMessages: ['transcript', 'hang'],
      hooks: [
        { on: 'call.ending', do: [{ type: 'tool', tool: { type: 'transferCall' } }] },
        { name: SILENCE_HOOK_NAME, on: 'customer.speech.timeout', options: { timeoutSeconds: 99 }, do: [] },
      ],
      maxDurationSeconds: 1200,
      metadata: { team: 'web' },
    })
    const r = await run(['update', '--id', 'asst_9'], { VAPI_PUBLIC_KEY: PUBLIC })
    expect(r.code).toBe(0)
    expect(server.requests.map((q) => `${q.method} ${q.path}`)).toEqual([
      'GET /assistant/asst_9',
      'PATCH /assistant/asst_9',
    ])
    const patch = server.requests[1]!.json as {
      model: Record<string, unknown> & { tools: { function: { name: string } }[]; messages: { content: string }[] }
      clientMessages: string[]
      hooks: { name?: string; on: string; options?: { timeoutSeconds?: number } }[]
      maxDurationSeconds: number
      monitorPlan: Record<string, unknown>
      metadata: Record<string, unknown>
      firstMessage?: string
    }
    expect(patch.model).toMatchObject({ provider: 'openai', model: 'gpt-4o', temperature: 0.3 })
    expect(patch.model.tools.map((t) => t.function.name)).toEqual(['lookup_order', ...VOICE_TOOL_NAMES])
    expect(patch.model.messages[0]!.content.startsWith('We sell tea.')).toBe(true)
    expect(patch.model.messages[0]!.content).not.toContain('stale')
    expect(patch.clientMessages).toEqual(expect.arrayContaining([...CLIENT_MESSAGES, 'hang']))
    expect(patch.metadata).toMatchObject({ team: 'web' })
    // The owner's hook and maximum duration stay; our silence hook is replaced, not doubled.
    expect(patch.hooks.map((h) => h.on)).toEqual(['call.ending', 'customer.speech.timeout'])
    expect(patch.hooks[1]).toMatchObject({ name: SILENCE_HOOK_NAME, options: { timeoutSeconds: SILENCE_END_SECONDS } })
    expect(patch.maxDurationSeconds).toBe(1200)
    expect(patch.monitorPlan).toEqual({ controlEnabled: true })
    expect(patch).not.toHaveProperty('firstMessage')
    expect(r.stdout).toContain('Assistant id: asst_9')
    expect(r.stdout).toContain(`data-assistant-id="asst_9"`)
  })

  it('show: summarises what is set up and what is missing (id from VAPI_ASSISTANT_ID)', async () => {
    assistants.set('asst_old', {
      id: 'asst_old',
      name: 'Old',
      model: { provider: 'openai', model: 'gpt-4o', tools: [] },
    })
    const r = await run(['show'], { VAPI_ASSISTANT_ID: 'asst_old' })
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('missing scroll_page, click_element, fill_field, toggle_control')
    expect(r.stdout).toContain('Page-map instructions: missing')
    expect(r.stdout).toContain('npm run assistant -- update --id asst_old')
    await run(['update', '--id', 'asst_old'])
    const after = await run(['show', '--id', 'asst_old'])
    expect(after.stdout).toContain('(all five)')
    expect(after.stdout).toContain('Page-map instructions: present')
    expect(after.stdout).not.toContain('Not ready')
    const json = await run(['show', '--id', 'asst_old', '--json'])
    expect(JSON.parse(json.stdout)).toMatchObject({ id: 'asst_old' })
  })

  it('--dry-run prints the request and sends nothing (no key needed; a set key is masked)', async () => {
    const withKey = await run(['create', '--dry-run'])
    expect(withKey.code).toBe(0)
    expect(server.requests).toHaveLength(0)
    expect(withKey.stdout).toContain(`POST ${server.url}/assistant`)
    expect(withKey.stdout).toContain('Authorization: Bearer ***')
    const body = JSON.parse(withKey.stdout.slice(withKey.stdout.indexOf('{')))
    expect(bodyValidator('POST', '/assistant')!(body)).toBe(true)
    const update = await run(['update', '--id', 'a b', '--dry-run'], { VAPI_PRIVATE_KEY: undefined })
    expect(update.code).toBe(0)
    expect(update.stdout).toContain(`PATCH ${server.url}/assistant/a%20b`)
    expect(
      bodyValidator('PATCH', '/assistant/{id}')!(JSON.parse(update.stdout.slice(update.stdout.indexOf('{')))),
    ).toBe(true)
    expect(update.stderr).toContain('nothing was sent')
    expect(server.requests).toHaveLength(0)
  })
})

describe('clear errors', () => {
  it('missing key, missing id, unknown command or flag: exit 2 with what to do', async () => {
    const noKey = await run(['create'], { VAPI_PRIVATE_KEY: undefined })
    expect(noKey.code).toBe(2)
    expect(noKey.stderr).toContain('VAPI_PRIVATE_KEY is not set')
    const noId = await run(['update'])
    expect(noId.code).toBe(2)
    expect(noId.stderr).toContain('update needs the assistant id: --id ID or VAPI_ASSISTANT_ID')
    expect((await run(['delete'])).stderr).toContain('Unknown command "delete"')
    expect((await run([])).code).toBe(2)
    const flag = await run(['create', '--colour', 'red'])
    expect(flag.code).toBe(2)
    expect(flag.stderr).toContain('--colour')
    expect((await run(['create', '--public-key', KEY])).stderr).toContain('is your PRIVATE key')
    expect((await run(['create'], { VAPI_API_BASE_URL: 'ftp://x' })).code).toBe(2)
    expect(server.requests).toHaveLength(0)
  })

  it('401: says the key was refused, never prints it (even when the server echoes it)', async () => {
    const r = await run(['create'], { VAPI_PRIVATE_KEY: 'sk_wrong_key_987654321' })
    expect(r.code).toBe(1)
    expect(r.stderr).toContain('refused the private key (401 Unauthorized)')
    expect(r.stderr).not.toContain('sk_wrong_key_987654321')
  })

  it("a body the document rejects: lists the server's messages (400)", async () => {
    const r = await run(['create', '--name', 'x'.repeat(200)])
    expect(r.code).toBe(1)
    expect(r.stderr).toContain('rejected the assistant definition (400)')
    expect(r.stderr).toMatch(/- \/name must NOT have more than \d+ characters/)
  })

  it('404 and an unreachable platform', async () => {
    const missing = await run(['show', '--id', 'nope'])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain('No assistant with id "nope" (404 Not Found)')
    const down = await run(['create'], { VAPI_API_BASE_URL: 'http://127.0.0.1:9' })
    expect(down.code).toBe(1)
    expect(down.stderr).toContain('Could not reach http://127.0.0.1:9')
  })
})

describe('the real process', () => {
  it('npm run assistant -- create prints the id and snippet and never the key', async () => {
    const root = resolve(__dirname, '../../..')
    const { code, output } = await new Promise<{ code: number | null; output: string }>((done, fail) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'scripts/assistant.ts', 'create', '--public-key', PUBLIC],
        {
          cwd: root,
          env: { PATH: process.env.PATH, HOME: process.env.HOME, VAPI_PRIVATE_KEY: KEY, VAPI_API_BASE_URL: server.url },
        },
      )
      let output = ''
      child.stdout.on('data', (d: Buffer) => (output += d.toString()))
      child.stderr.on('data', (d: Buffer) => (output += d.toString()))
      child.on('error', fail)
      child.on('close', (c) => done({ code: c, output }))
    })
    expect(output).not.toContain(KEY)
    expect(code).toBe(0)
    expect(output).toContain('Assistant id: asst_1')
    expect(output).toContain(`data-public-key="${PUBLIC}" data-assistant-id="asst_1"`)
  }, 60_000)
})
