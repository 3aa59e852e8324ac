// @vitest-environment happy-dom
/**
 * Fill on React-controlled inputs: the executor must set the value through the prototype's native setter and
 * dispatch input + change so React (useState) and react-hook-form see it (react/react#10135).
 */
import { afterEach, describe, expect, it } from 'vitest'
import { act, useState } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { useForm } from 'react-hook-form'
import { createCommandExecutor, type VoiceToast } from '../../../src/voice/commands'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let root: Root | undefined
afterEach(() => {
  act(() => root?.unmount())
  root = undefined
  document.body.innerHTML = ''
})

function mount(element: React.ReactElement) {
  const container = document.createElement('div')
  document.body.appendChild(container)
  root = createRoot(container)
  act(() => root!.render(element))
}

describe('fill on React-controlled inputs', () => {
  it('updates useState through onChange (a plain `el.value =` would be ignored by React)', () => {
    const seen: string[] = []
    function Controlled() {
      const [email, setEmail] = useState('')
      return (
        <div>
          <label htmlFor="email">Email</label>
          <input
            id="email"
            type="email"
            value={email}
            onChange={(e) => {
              seen.push(e.target.value)
              setEmail(e.target.value)
            }}
          />
          <output id="echo">{email}</output>
        </div>
      )
    }
    mount(<Controlled />)
    const toasts: VoiceToast[] = []
    const executor = createCommandExecutor({ notify: (t) => toasts.push(t), logger: {}, highlightMs: 0 })
    act(() => {
      executor.execute({ action: 'fill', fieldType: 'email', value: 'ada@example.com' })
    })
    expect(seen).toEqual(['ada@example.com'])
    expect(document.getElementById('echo')!.textContent).toBe('ada@example.com')
    expect((document.getElementById('email') as HTMLInputElement).value).toBe('ada@example.com')
    expect(toasts[0]?.description).toBe('Entered: ada@example.com')
  })

  it('is seen by react-hook-form (register) on submit', async () => {
    let submitted: Record<string, string> | undefined
    function WaitlistLike() {
      const { register, handleSubmit } = useForm<{ name: string; comments: string }>({
        defaultValues: { name: '', comments: '' },
      })
      return (
        <form onSubmit={handleSubmit((data) => void (submitted = data))}>
          <label>
            Your name <input {...register('name')} />
          </label>
          <label>
            Comments <textarea {...register('comments')} />
          </label>
          <button type="submit">Apply</button>
        </form>
      )
    }
    mount(<WaitlistLike />)
    const executor = createCommandExecutor({ notify: () => {}, logger: {}, highlightMs: 0 })
    act(() => {
      executor.execute({ action: 'fill', fieldHint: 'your name', value: 'Grace Hopper' })
      executor.execute({ action: 'fill', fieldType: 'message', value: 'Voice first!' })
    })
    await act(async () => {
      executor.execute({ action: 'click', targetText: 'apply' })
      await new Promise((r) => setTimeout(r, 20))
    })
    expect(submitted).toEqual({ name: 'Grace Hopper', comments: 'Voice first!' })
  })

  it('toggles a controlled checkbox so React state follows', () => {
    function Agree() {
      const [on, setOn] = useState(false)
      return (
        <div>
          <label>
            <input type="checkbox" checked={on} onChange={(e) => setOn(e.target.checked)} /> I agree
          </label>
          <span id="state">{on ? 'yes' : 'no'}</span>
        </div>
      )
    }
    mount(<Agree />)
    const executor = createCommandExecutor({ notify: () => {}, logger: {}, highlightMs: 0 })
    act(() => {
      executor.execute({ action: 'toggle', targetText: 'I agree' })
    })
    expect(document.getElementById('state')!.textContent).toBe('yes')
  })
})
