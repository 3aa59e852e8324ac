import { lazy, Suspense, useEffect, useLayoutEffect, useState } from 'react'
import { enableFullGlobalStyles } from '../../theme/serverStyles'
import { useExitIntent, type UseExitIntentOptions } from './useExitIntent'

/** Loads the dialog (Chakra's dialog machinery) only when it is needed: the hook above is all the page ships. */
const loadDialog = () => import('./ExitIntentDialog').then((m) => ({ default: m.ExitIntentDialog }))
const LazyExitIntentDialog = lazy(loadDialog)

/** Props of {@link ExitIntentPopup}: where the session flag lives and whether to listen at all. */
export type ExitIntentPopupProps = UseExitIntentOptions

/**
 * Exit-intent popup (SPEC §2): opens once per browser session when the pointer leaves the window
 * through its top edge (see {@link useExitIntent}). Focus moves into it and back to where it was.
 * The dialog's code is fetched when the browser is idle after load (or at the first exit, whichever
 * comes first), so it adds nothing to the page's initial JavaScript.
 */
export function ExitIntentPopup(props: ExitIntentPopupProps) {
  const { open, close } = useExitIntent(props)
  const [mounted, setMounted] = useState(false)
  // It opens without any input from the visitor, so it switches on the full global CSS itself, before painting.
  useLayoutEffect(() => {
    if (open) enableFullGlobalStyles()
  }, [open])
  useEffect(() => {
    if (props.enabled === false) return
    const preload = () => void loadDialog()
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(preload, { timeout: 3000 })
      return () => window.cancelIdleCallback(id)
    }
    const id = window.setTimeout(preload, 2000)
    return () => window.clearTimeout(id)
  }, [props.enabled])
  // Once opened it stays mounted, so its closing animation plays (state adjusted while rendering, as React's
  // "storing information from previous renders" describes).
  if (open && !mounted) setMounted(true)
  if (!open && !mounted) return null
  return (
    <Suspense fallback={null}>
      <LazyExitIntentDialog open={open} onClose={close} />
    </Suspense>
  )
}
