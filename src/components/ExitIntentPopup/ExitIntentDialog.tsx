import { Box, CloseButton, Dialog, Flex, Portal, Text } from '@chakra-ui/react'
import { ArrowRight, Mic } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { LocaleButtonLink } from '../LocaleLink'

export interface ExitIntentDialogProps {
  /** Whether the dialog is open. */
  open: boolean
  /** Called when it closes: the close button, Escape, the backdrop or Apply For Free Trial. */
  onClose: () => void
}

/** The exit popup's dialog itself (controlled): "WAIT!", "Try AI VoiceBot for Free", Apply For Free Trial (→ /waitlist). */
export function ExitIntentDialog({ open, onClose }: ExitIntentDialogProps) {
  const { t } = useTranslation('home')
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement="center" lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content
            maxW="md"
            borderRadius="2xl"
            overflow="hidden"
            data-testid="exit-intent-popup"
            textAlign="center"
          >
            <Box
              aria-hidden="true"
              h="24"
              bg="brand.solid"
              bgImage="radial-gradient(80% 120% at 50% 0%, rgba(255, 255, 255, 0.28), transparent 70%)"
              display="flex"
              alignItems="center"
              justifyContent="center"
            >
              <Flex
                boxSize="14"
                borderRadius="full"
                bg="bg.panel"
                color="brand.fg"
                align="center"
                justify="center"
                boxShadow="lg"
              >
                <Mic size={26} />
              </Flex>
            </Box>
            <Dialog.Header pt="6" pb="0" justifyContent="center">
              <Dialog.Title display="flex" flexDirection="column" alignItems="center" gap="1">
                <Text as="span" fontSize="sm" fontWeight="extrabold" letterSpacing="widest" color="brand.fg">
                  {t('exitIntent.wait')}
                </Text>
                <Text
                  as="span"
                  fontSize={{ base: '2xl', md: '3xl' }}
                  fontWeight="bold"
                  letterSpacing="tight"
                  lineHeight="1.2"
                >
                  {t('exitIntent.title')}
                </Text>
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pt="3">
              <Dialog.Description color="fg.muted">{t('exitIntent.text')}</Dialog.Description>
            </Dialog.Body>
            <Dialog.Footer justifyContent="center" pb="7">
              <LocaleButtonLink to="/waitlist" size="lg" w="full" onClick={onClose} id="exit-intent-apply">
                {t('exitIntent.apply')}
                <ArrowRight aria-hidden />
              </LocaleButtonLink>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild top="3" insetEnd="3">
              <CloseButton size="sm" variant="subtle" borderRadius="full" aria-label={t('exitIntent.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
