// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createCommandExecutor, type VoiceToast } from '../../../src/voice/commands'

describe('click on a link that opens a new tab', () => {
  let toasts: VoiceToast[]
  const run = (message: unknown) =>
    createCommandExecutor({
      notify: (t) => toasts.push(t),
      logger: {},
      highlightMs: 0,
      prefersReducedMotion: true,
    }).execute(message)

  beforeEach(() => {
    toasts = []
    document.body.innerHTML = `<a id="demo" href="https://video.example/watch?v=1" target="_blank" rel="noopener noreferrer">Watch Demo</a>
      <a id="bad" href="javascript:alert(1)" target="_blank">Bad link</a>`
  })
  afterEach(() => vi.restoreAllMocks())

  it('opens it with window.open and cuts the opener (Element Clicked)', () => {
    const child = { opener: 'parent' as unknown }
    const open = vi.spyOn(window, 'open').mockReturnValue(child as Window)
    expect(run({ action: 'click', targetText: 'watch demo' }).status).toBe('executed')
    expect(open).toHaveBeenCalledWith('https://video.example/watch?v=1', '_blank')
    expect(child.opener).toBeNull()
    expect(toasts.map((t) => t.id)).toEqual(['elementClicked'])
  })

  it('when the popup blocker returns null, offers an Open action with the URL instead', () => {
    vi.spyOn(window, 'open').mockReturnValue(null)
    expect(run({ action: 'click', targetText: 'watch demo' }).status).toBe('executed')
    expect(toasts).toHaveLength(1)
    expect(toasts[0]).toMatchObject({
      id: 'popupBlocked',
      type: 'info',
      titleKey: 'toast.popupBlocked.title',
      action: { labelKey: 'toast.popupBlocked.action', url: 'https://video.example/watch?v=1' },
    })
  })

  it('never opens a javascript: link, in a new tab or otherwise', () => {
    const open = vi.spyOn(window, 'open')
    expect(run({ action: 'click', targetText: 'bad link' }).status).toBe('refused')
    expect(open).not.toHaveBeenCalled()
    expect(toasts.map((t) => t.id)).toEqual(['commandFailed'])
  })
})
