import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { toolCallToCommand, toolCallToCommands } from '../../../src/voice/realtime/toolCalls'
import { parseVoiceCommand } from '../../../src/voice/commands'

describe('toolCallToCommands', () => {
  it('maps Vapi tool-calls (arguments as JSON string or object) with the tool call id', () => {
    const message = {
      type: 'tool-calls',
      toolCallList: [
        { id: 'call_1', type: 'function', function: { name: 'scrollPage', arguments: '{"direction":"down"}' } },
        {
          id: 'call_2',
          type: 'function',
          function: { name: 'click_element', arguments: { targetText: 'Watch Demo' } },
        },
        {
          id: 'call_3',
          type: 'function',
          function: { name: 'fill-field', arguments: { type: 'email', value: 'a@b.co' } },
        },
        {
          id: 'call_4',
          type: 'function',
          function: { name: 'toggleSwitch', arguments: { label: 'Dark mode', state: 'on' } },
        },
        { id: 'call_5', type: 'function', function: { name: 'get_weather', arguments: { city: 'Pune' } } },
      ],
    }
    expect(toolCallToCommands(message)).toEqual([
      { id: 'call_1', action: 'scroll', direction: 'down' },
      { id: 'call_2', action: 'click', targetText: 'Watch Demo' },
      { id: 'call_3', action: 'fill', fieldType: 'email', value: 'a@b.co' },
      { id: 'call_4', action: 'toggle', targetText: 'Dark mode', value: 'on' },
    ])
    const parsed = toolCallToCommands(message).map(parseVoiceCommand)
    expect(parsed.map((p) => p.kind)).toEqual(['command', 'command', 'command', 'command'])
    expect(parsed[3]).toEqual({
      kind: 'command',
      command: { id: 'call_4', action: 'toggle', targetText: 'Dark mode', state: true },
    })
  })

  it('maps generic command tools whose arguments carry the action, and toolWithToolCallList', () => {
    expect(
      toolCallToCommand({
        type: 'tool-calls',
        toolWithToolCallList: [
          {
            type: 'function',
            function: { name: 'voice_command' },
            toolCall: {
              id: 't1',
              function: { name: 'voice_command', arguments: '{"action":"click","selector":"#cta"}' },
            },
          },
        ],
      }),
    ).toEqual({ id: 't1', action: 'click', selector: '#cta' })
    expect(
      toolCallToCommand(
        {
          type: 'tool-calls',
          toolCallList: [{ id: 'x', function: { name: 'myTool', arguments: { action: 'scroll' } } }],
        },
        { toolNames: ['my_tool'] },
      ),
    ).toEqual({
      id: 'x',
      action: 'scroll',
    })
  })

  it('maps the legacy function-call message', () => {
    expect(
      toolCallToCommand({
        type: 'function-call',
        functionCall: { name: 'executeCommand', parameters: { type: 'scroll', direction: 'top' } },
      }),
    ).toEqual({
      action: 'scroll',
      direction: 'top',
    })
  })

  it('ignores everything else and never throws', () => {
    expect(toolCallToCommands({ type: 'transcript', transcript: 'scroll down' })).toEqual([])
    expect(
      toolCallToCommands({
        type: 'tool-calls',
        toolCallList: [{ id: 'a', function: { name: 'click', arguments: '{not json' } }],
      }),
    ).toEqual([])
    expect(
      toolCallToCommands({
        type: 'tool-calls',
        toolCallList: [{ id: 'a', function: { name: 'click', arguments: '[1,2]' } }],
      }),
    ).toEqual([])
    expect(toolCallToCommand(null)).toBeNull()
    const polluted = JSON.parse(
      '{"type":"tool-calls","toolCallList":[{"id":"p","function":{"name":"click","arguments":{"__proto__":{"polluted":1},"targetText":"Go"}}}]}',
    )
    expect(toolCallToCommands(polluted)).toEqual([{ id: 'p', action: 'click', targetText: 'Go' }])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    fc.assert(
      fc.property(fc.anything({ withNullPrototype: true, maxDepth: 4 }), fc.anything(), (a, b) => {
        toolCallToCommands(a)
        toolCallToCommands({
          type: 'tool-calls',
          toolCallList: [{ id: 'q', function: { name: 'fill', arguments: b } }],
        })
        toolCallToCommands({ type: 'tool-calls', toolCallList: a })
      }),
      { numRuns: 500 },
    )
  })
})
