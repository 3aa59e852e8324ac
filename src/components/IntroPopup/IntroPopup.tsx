import { Box, Button, CloseButton, Text } from '@chakra-ui/react'
import { Mic } from 'lucide-react'
import { memo, useId, useLayoutEffect, useRef, type Ref } from 'react'
import { useTranslation } from 'react-i18next'
import { CLOSE_ATTR, EXAMPLE_ATTR, POPUP_ATTR, showIntroPopup } from '../Header/introController'
import { INTRO_TIMINGS } from '../Header/introSequence'

/** The "Try saying" examples, in rotation order (keys of `common:intro.examples`, SPEC §2). */
export const INTRO_EXAMPLES = ['scrollDown', 'scrollUp', 'clickWatchDemo', 'joinWaitlist'] as const

export interface IntroPopupProps {
  /**
   * Opens the popup (it is then shown until this turns false; `onClose` asks for that). Leave it undefined when
   * the header intro opens it (`startIntro`), which also hides it on close.
   */
  open?: boolean
  /** Called when the visitor closes it (Got it!, the close button or Escape) while `open`. */
  onClose?: () => void
  /** Rotation period of the example while `open`, in ms. @default 2000 (SPEC §9) */
  rotateMs?: number
  /** Receives the dialog element (the header intro shows it through this). */
  popupRef?: Ref<HTMLDivElement>
}

/**
 * "Say Bye to Manual Navigation" (SPEC §2): the intro popup the header sequence opens. A non-modal dialog
 * (WAI-ARIA APG "Dialog (Non-Modal)") in the bottom corner, above the voice button it introduces: the page
 * stays readable and usable behind it, with no backdrop, scroll lock or focus trap.
 *
 * - It is always in the markup (pre-rendered with `hidden`, laid out but invisible), and so are all four
 *   examples (all but one `hidden`): showing it and rotating them only flips attributes, which the
 *   framework-free intro (src/components/Header/introController.ts, {@link showIntroPopup}) does — before
 *   hydration on a pre-rendered page, with no React render and no style generated.
 * - On open, focus moves to the dialog if nothing else has it (the header intro opens it by itself: a menu
 *   the visitor has open keeps its focus); opened through `open`, unless the visitor is typing in a field. On
 *   close, focus inside it returns to where it was before.
 * - Got it!, the close button and Escape (anywhere on the page, unless something else handled it) close it.
 * - A "Try saying" example rotates every `rotateMs` while open (not announced: a rotating live region would be
 *   noise).
 */
export const IntroPopup = memo(function IntroPopup({
  open,
  onClose,
  rotateMs = INTRO_TIMINGS.rotateMs,
  popupRef,
}: IntroPopupProps) {
  const { t } = useTranslation()
  const ref = useRef<HTMLDivElement | null>(null)
  const titleId = useId()
  const textId = useId()
  const closeRef = useRef(onClose)
  closeRef.current = onClose

  // A layout effect: its cleanup runs in the commit that hides the dialog, before the browser moves focus out of it.
  useLayoutEffect(() => {
    if (!open || !ref.current) return
    return showIntroPopup(ref.current, { rotateMs, hideOnClose: false, onClose: () => closeRef.current?.() })
  }, [open, rotateMs])

  const setRef = (el: HTMLDivElement | null) => {
    ref.current = el
    if (typeof popupRef === 'function') popupRef(el)
    else if (popupRef) popupRef.current = el
  }
  return (
    <Box
      ref={setRef}
      {...{ [POPUP_ATTR]: '' }}
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
      // Hidden, it is still laid out (invisible, out of the accessibility tree and the focus order): its text's
      // fonts are then resolved in the page's first layout, before the first paint, not in a long task when it
      // opens. Its opening animation starts when `hidden` goes.
      _hidden={{ display: 'block', visibility: 'hidden', animationName: 'none' }}
    >
      <Text as="h2" id={titleId} fontSize="md" fontWeight="semibold">
        {t('intro.title')}
      </Text>
      <Text id={textId} mt="1" fontSize="sm" color="fg.muted">
        {t('intro.text')}
      </Text>
      <Box
        mt="3"
        px="3"
        py="2"
        borderRadius="l2"
        bg="bg.brandSubtle"
        display="flex"
        alignItems="center"
        gap="2"
        fontSize="sm"
      >
        <Box color="brand.fg" flexShrink={0}>
          <Mic aria-hidden size={16} />
        </Box>
        <Text>
          {t('intro.trySaying')}:{' '}
          <Text as="strong" color="brand.fg" data-testid="intro-example">
            {INTRO_EXAMPLES.map((key, i) => (
              <span key={key} {...{ [EXAMPLE_ATTR]: key }} hidden={i > 0}>
                “{t(`intro.examples.${key}`)}”
              </span>
            ))}
          </Text>
        </Text>
      </Box>
      <Box mt="3" display="flex" justifyContent="flex-end">
        <Button size="sm" {...{ [CLOSE_ATTR]: '' }}>
          {t('intro.gotIt')}
        </Button>
      </Box>
      <CloseButton
        size="sm"
        aria-label={t('intro.close')}
        position="absolute"
        top="2"
        insetEnd="2"
        {...{ [CLOSE_ATTR]: '' }}
      />
    </Box>
  )
})
