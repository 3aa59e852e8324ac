/** Node environment (pre-rendering): importing is side-effect free and commands are refused, never thrown. */
import { expect, it } from 'vitest'
import { createCommandExecutor } from '../../../src/voice/commands'
import * as realtime from '../../../src/voice/realtime'

it('imports and refuses without a DOM', () => {
  expect(typeof document).toBe('undefined')
  expect(typeof realtime.subscribeToVoiceCommands).toBe('function')
  const toasts: unknown[] = []
  const executor = createCommandExecutor({ notify: (t) => toasts.push(t), logger: {} })
  expect(executor.execute({ action: 'click', targetText: 'Go' })).toMatchObject({
    status: 'refused',
    reason: 'no-document',
  })
  expect(executor.execute({ action: 'scroll' })).toMatchObject({ status: 'refused', reason: 'no-document' })
  expect(toasts).toEqual([])
})
