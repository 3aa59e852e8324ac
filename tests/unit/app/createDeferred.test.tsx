// @vitest-environment happy-dom
/**
 * Deferred overlay machinery (src/components/Deferred/createDeferred.tsx): a press on the stand-in before the real
 * component has loaded is not lost — it loads at once and renders open (`defaultOpen`).
 */
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  createDeferred,
  type DeferredComponentProps,
  type DeferredPlaceholderProps,
} from '../../../src/components/Deferred'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let root: Root | undefined
afterEach(() => {
  act(() => root?.unmount())
  root = undefined
  document.body.innerHTML = ''
  vi.unstubAllGlobals()
})

function Placeholder({ label, onActivate }: { label: string } & DeferredPlaceholderProps) {
  return (
    <button type="button" aria-haspopup="menu" onClick={onActivate}>
      {label}
    </button>
  )
}
function RealMenu({ label, defaultOpen }: { label: string } & DeferredComponentProps) {
  return <button type="button" data-open={defaultOpen ? 'true' : 'false'}>{`${label} (real)`}</button>
}

const mount = (element: React.ReactElement) => {
  const container = document.createElement('div')
  document.body.append(container)
  root = createRoot(container)
  act(() => root!.render(element))
  return container
}

describe('createDeferred', () => {
  it('a press on the stand-in loads the real component at once and opens it', async () => {
    // No idle callback ever comes: only the press can load it.
    vi.stubGlobal('requestIdleCallback', () => 0)
    vi.stubGlobal('cancelIdleCallback', () => undefined)
    let resolve!: (c: typeof RealMenu) => void
    const load = vi.fn(() => new Promise<typeof RealMenu>((r) => (resolve = r)))
    const Menu = createDeferred(load, Placeholder)
    const container = mount(<Menu label="Theme" />)
    expect(container.textContent).toBe('Theme')
    expect(load).not.toHaveBeenCalled()
    act(() => container.querySelector('button')!.click())
    expect(load).toHaveBeenCalledTimes(1)
    await act(async () => resolve(RealMenu))
    expect(container.querySelector('button')!.textContent).toBe('Theme (real)')
    expect(container.querySelector('button')!.dataset.open).toBe('true')
  })

  it('loaded when idle, without a press, it renders closed', async () => {
    vi.stubGlobal('requestIdleCallback', (fn: () => void) => setTimeout(fn, 0))
    vi.stubGlobal('cancelIdleCallback', (id: number) => clearTimeout(id))
    const Menu = createDeferred(() => Promise.resolve(RealMenu), Placeholder)
    const container = mount(<Menu label="GitHub" />)
    await act(() => new Promise((r) => setTimeout(r, 10)))
    expect(container.querySelector('button')!.textContent).toBe('GitHub (real)')
    expect(container.querySelector('button')!.dataset.open).toBe('false')
  })
})
