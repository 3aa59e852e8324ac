import { Box, Button, CloseButton, Text } from '@chakra-ui/react'
import { Mic } from 'lucide-react'
import { memo, useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { INTRO_TIMINGS } from '../Header/introSequence'

/** The "Try saying" examples, in rotation order (keys of `common:intro.examples`, SPEC §2). */
export const INTRO_EXAMPLES = ['scrollDown', 'scrollUp', 'clickWatchDemo', 'joinWaitlist'] as const

export interface IntroPopupProps {
  /** Whether the popup is open. */
  open: boolean
  /** Called when the visitor closes it (Got it!, the close button or Escape). */
  onClose: () => void
  /** Rotation period of the example, in ms. @default 2000 (SPEC §9) */
  rotateMs?: number
}

/** Elements where the visitor is typing: opening the popup never takes focus away from them. */
const EDITABLE = 'input, textarea, select, [contenteditable]:not([contenteditable="false"])'

/**
 * "Say Bye to Manual Navigation" (SPEC §2): the intro popup the header sequence opens. A non-modal dialog
 * (WAI-ARIA APG "Dialog (Non-Modal)") in the bottom corner, above the voice button it introduces: the page
 * stays readable and usable behind it, with no backdrop, scroll lock or focus trap.
 *
 * - It is always in the markup (pre-rendered with `hidden`), so opening it only shows it: no styles are
 *   generated or inserted, nothing around it is restyled (SPEC §9's timings stay cheap to keep on a phone).
 * - On open, focus moves to the dialog — unless the visitor is typing in a field, which keeps its focus. On close,
 *   focus inside it returns to where it was before.
 * - Got it!, the close button and Escape (anywhere on the page, unless something else handled it) close it.
 * - A "Try saying" example rotates every `rotateMs` while open (not announced: a rotating live region would be
 *   noise).
 * - Memoised: the header re-renders on every intro step (every 200 ms), the popup only when its props change.
 */
export const IntroPopup = memo(function IntroPopup({ open, onClose, rotateMs = INTRO_TIMINGS.rotateMs }: IntroPopupProps) {
  const { t } = useTranslation()
  const [index, setIndex] = useState(0)
  const ref = useRef<HTMLDivElement>(null)
  const titleId = useId()
  const textId = useId()
  const closeRef = useRef(onClose)
  closeRef.current = onClose

  useEffect(() => {
    if (!open) return
    const id = setInterval(() => setIndex((i) => (i + 1) % INTRO_EXAMPLES.length), rotateMs)
    return () => clearInterval(id)
  }, [open, rotateMs])

  // A layout effect: its cleanup runs in the commit that hides the dialog, before the browser moves focus out of it.
  useLayoutEffect(() => {
    const dialog = ref.current
    if (!open || !dialog) return
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (!previous?.matches(EDITABLE)) dialog.focus({ preventScroll: true })
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) closeRef.current()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      // Focus inside it, or already dropped to <body> because it is hidden now, goes back to where it was.
      const active = document.activeElement
      const lost = !active || active === document.body || dialog.contains(active)
      if (lost && previous?.isConnected && previous !== document.body) previous.focus({ preventScroll: true })
    }
  }, [open])

  const example = INTRO_EXAMPLES[index] ?? INTRO_EXAMPLES[0]
  return (
    <Box
      ref={ref}
      role="dialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      tabIndex={-1}
      hidden={!open}
      data-testid="intro-popup"
      position="fixed"
      zIndex="banner"
      bottom="calc(max(1rem, env(safe-area-inset-bottom)) + 5rem)"
      insetEnd="max(1rem, env(safe-area-inset-right))"
      insetStart={{ base: 'max(1rem, env(safe-area-inset-left))', sm: 'auto' }}
      maxW={{ sm: 'sm' }}
      p="5"
      pe="10"
      bg="bg.panel"
      color="fg"
      borderWidth="1px"
      borderColor="border"
      borderRadius="l3"
      boxShadow="lg"
      outline="none"
      _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' }}
      animationName="fade-in, slide-from-bottom"
      animationDuration="moderate"
      animationTimingFunction="ease-out"
    >
      <Text as="h2" id={titleId} fontSize="md" fontWeight="semibold">
        {t('intro.title')}
      </Text>
      <Text id={textId} mt="1" fontSize="sm" color="fg.muted">
        {t('intro.text')}
      </Text>
      <Box mt="3" px="3" py="2" borderRadius="l2" bg="bg.brandSubtle" display="flex" alignItems="center" gap="2" fontSize="sm">
        <Box color="brand.fg" flexShrink={0}>
          <Mic aria-hidden size={16} />
        </Box>
        <Text>
          {t('intro.trySaying')}:{' '}
          <Text as="strong" color="brand.fg" data-testid="intro-example">
            “{t(`intro.examples.${example}`)}”
          </Text>
        </Text>
      </Box>
      <Box mt="3" display="flex" justifyContent="flex-end">
        <Button size="sm" onClick={onClose}>
          {t('intro.gotIt')}
        </Button>
      </Box>
      <CloseButton size="sm" aria-label={t('intro.close')} position="absolute" top="2" insetEnd="2" onClick={onClose} />
    </Box>
  )
})
