import { Box, Button, CloseButton, Dialog, Portal, Text } from '@chakra-ui/react'
import { Mic } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { INTRO_TIMINGS } from '../Header/introSequence'

/** The "Try saying" examples, in rotation order (keys of `common:intro.examples`, SPEC §2). */
export const INTRO_EXAMPLES = ['scrollDown', 'scrollUp', 'clickWatchDemo', 'joinWaitlist'] as const

export interface IntroPopupProps {
  /** Whether the popup is open. */
  open: boolean
  /** Called when the visitor closes it (Got it!, the close button, Escape or the backdrop). */
  onClose: () => void
  /** Rotation period of the example, in ms. @default 2000 (SPEC §9) */
  rotateMs?: number
}

/**
 * "Say Bye to Manual Navigation": the intro dialog opened by the header sequence. A "Try saying" example
 * rotates every `rotateMs` while open (not announced: a rotating live region would be noise).
 */
export function IntroPopup({ open, onClose, rotateMs = INTRO_TIMINGS.rotateMs }: IntroPopupProps) {
  const { t } = useTranslation()
  const [index, setIndex] = useState(0)
  useEffect(() => {
    if (!open) return
    const id = setInterval(() => setIndex((i) => (i + 1) % INTRO_EXAMPLES.length), rotateMs)
    return () => clearInterval(id)
  }, [open, rotateMs])
  const example = INTRO_EXAMPLES[index] ?? INTRO_EXAMPLES[0]
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement="center" lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content maxW="md" data-testid="intro-popup">
            <Dialog.Header>
              <Dialog.Title fontSize="xl">{t('intro.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text color="fg.muted">{t('intro.text')}</Text>
              <Box mt="5" p="4" borderRadius="l3" bg="bg.brandSubtle" display="flex" alignItems="center" gap="3">
                <Box color="brand.fg" flexShrink={0}>
                  <Mic aria-hidden size={20} />
                </Box>
                <Text>
                  {t('intro.trySaying')}:{' '}
                  <Text as="strong" color="brand.fg" data-testid="intro-example">
                    “{t(`intro.examples.${example}`)}”
                  </Text>
                </Text>
              </Box>
            </Dialog.Body>
            <Dialog.Footer>
              <Button onClick={onClose}>{t('intro.gotIt')}</Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('intro.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
