/**
 * The embed's build tells the widget which chunks the call needs (vite.embed.config.ts `callChunks`), so the
 * widget fetches them all at intent with `<link rel="modulepreload">` and runs none of them before the press
 * (src/voice/widget/engine.ts `CALL_CHUNKS`).
 */
import { describe, expect, it } from 'vitest'
import { callChunks } from '../../../vite.embed.config'

interface FakeChunk {
  type: 'chunk'
  fileName: string
  moduleIds: string[]
  imports: string[]
  code: string
}

const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], code = ''): FakeChunk => ({
  type: 'chunk',
  fileName,
  moduleIds,
  imports,
  code,
})

function run(bundle: Record<string, FakeChunk>) {
  const warnings: string[] = []
  const errors: string[] = []
  const plugin = callChunks()
  const hook = plugin.generateBundle as unknown as (this: unknown, o: unknown, b: unknown) => void
  hook.call(
    {
      warn: (m: string) => warnings.push(m),
      error: (m: string) => {
        errors.push(m)
        throw new Error(m)
      },
    },
    {},
    bundle,
  )
  return { warnings, errors }
}

describe('callChunks', () => {
  it('lists the session, engine, web-call client and daily-js chunks with their static imports, less what the widget already loaded', () => {
    const bundle = {
      app: chunk(
        'chunks/app-1.js',
        ['/r/src/embed/app.ts', '/r/src/voice/widget/engine.ts'],
        ['chunks/prestart-2.js'],
        'const C=`__VOICEOS_CALL_CHUNKS__`;JSON.parse(C)',
      ),
      prestart: chunk('chunks/prestart-2.js', ['/r/src/voice/engine/prestart.ts']),
      session: chunk('chunks/session-3.js', ['/r/src/voice/session/session.ts'], ['chunks/messages-4.js']),
      messages: chunk('chunks/messages-4.js', ['/r/src/voice/engine/messages.ts']),
      engine: chunk(
        'chunks/engine-5.js',
        ['/r/src/voice/engine/index.ts'],
        ['chunks/messages-4.js', 'chunks/prestart-2.js'],
      ),
      web: chunk('chunks/web-6.js', ['/r/src/platform/web-call.ts']),
      daily: chunk('chunks/daily-esm-7.js', ['/r/node_modules/@daily-co/daily-js/dist/daily-esm.js']),
      supabase: chunk('chunks/dist-8.js', ['/r/node_modules/@supabase/supabase-js/dist/index.mjs']),
    }
    const { warnings } = run(bundle)
    expect(warnings).toEqual([])
    const literal = /const C=("(?:[^"\\]|\\.)*");/.exec(bundle.app.code)?.[1]
    expect(literal).toBeDefined()
    expect(JSON.parse(JSON.parse(literal!) as string)).toEqual([
      './session-3.js',
      './messages-4.js',
      './engine-5.js',
      './web-6.js',
      './daily-esm-7.js',
    ]) // not the prestart chunk the widget imports, not supabase-js (the Realtime channel's, later)
  })

  it('refuses a build whose widget lost the placeholder', () => {
    const bundle = {
      app: chunk('chunks/app-1.js', ['/r/src/embed/app.ts'], [], 'no placeholder here'),
      session: chunk('chunks/session-3.js', ['/r/src/voice/session/session.ts']),
    }
    expect(() => run(bundle)).toThrow(/__VOICEOS_CALL_CHUNKS__/)
  })
})
