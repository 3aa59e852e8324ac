import { useCallback, useEffect, useRef, useState } from 'react'

/** sessionStorage key of the "exit popup already shown" flag. */
export const EXIT_INTENT_STORAGE_KEY = 'voiceos:exit-intent-shown'

/** The part of `Storage` the exit intent uses. */
export type FlagStorage = Pick<Storage, 'getItem' | 'setItem'>

/** Flags set in this page load: the fallback when storage throws (private modes, blocked cookies). */
const shownThisLoad = new Set<string>()

export interface UseExitIntentOptions {
  /** Returns the storage for the flag; may throw (then only this page load remembers). @default () => window.sessionStorage */
  getStorage?: () => FlagStorage
  /** Key of the flag in that storage. @default EXIT_INTENT_STORAGE_KEY */
  storageKey?: string
  /** Listen for exit intent at all. @default true */
  enabled?: boolean
}

const defaultStorage = () => window.sessionStorage

/**
 * Exit intent (SPEC §2): `open` turns true the first time the pointer leaves the window through its top
 * edge (`mouseout` with no `relatedTarget` and `clientY <= 0`), once per browser session. The flag goes to
 * sessionStorage; when that throws it is kept in memory, so it still opens at most once per page load.
 * A pointer exit while another dialog is open (the header's intro popup) is ignored, not consumed.
 */
export function useExitIntent({
  getStorage = defaultStorage,
  storageKey = EXIT_INTENT_STORAGE_KEY,
  enabled = true,
}: UseExitIntentOptions = {}) {
  const [open, setOpen] = useState(false)
  const storageRef = useRef(getStorage)
  storageRef.current = getStorage

  useEffect(() => {
    if (!enabled) return
    const alreadyShown = () => {
      if (shownThisLoad.has(storageKey)) return true
      try {
        return storageRef.current().getItem(storageKey) !== null
      } catch {
        return false
      }
    }
    if (alreadyShown()) return
    const root = document.documentElement
    const stop = () => {
      document.removeEventListener('mouseout', onExit)
      root.removeEventListener('mouseleave', onExit)
    }
    function onExit(e: MouseEvent) {
      if (e.relatedTarget !== null || e.clientY > 0) return
      if (document.querySelector(':is([role="dialog"], [role="alertdialog"]):not([hidden])')) return
      stop()
      if (alreadyShown()) return
      shownThisLoad.add(storageKey)
      try {
        storageRef.current().setItem(storageKey, '1')
      } catch {
        // Storage unavailable: the in-memory flag above still limits it to once per page load.
      }
      setOpen(true)
    }
    document.addEventListener('mouseout', onExit)
    root.addEventListener('mouseleave', onExit)
    return stop
  }, [enabled, storageKey])

  const close = useCallback(() => setOpen(false), [])
  return { open, close }
}
