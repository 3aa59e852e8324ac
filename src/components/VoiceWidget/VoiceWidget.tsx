import { Box, HStack, IconButton, Spinner, Stack, Text, VisuallyHidden } from '@chakra-ui/react'
import { Mic, Square } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { WidgetStatus } from '../../voice/react/types'

export interface VoiceWidgetProps {
  /** SPEC §4 status. */
  status: WidgetStatus
  /** Partial transcript shown while the visitor speaks. @default '' */
  transcript?: string
  /** Whether voice is configured; when not, pressing the mic shows a panel that explains it. @default true */
  configured?: boolean
  /** Mic press: start, stop or cancel. */
  onToggle: () => void
}

/**
 * The floating voice widget (SPEC §2): bottom-right, clear of the phone's safe area. A mic button — spinner
 * while connecting, stop style while active — whose accessible name says what pressing it does; the status
 * and the partial transcript beside it; a polite live region announces each status change.
 */
export function VoiceWidget({ status, transcript = '', configured = true, onToggle }: VoiceWidgetProps) {
  const { t } = useTranslation('voice')
  const active = status === 'listening' || status === 'processing'
  const label = status === 'idle' ? t('widget.start') : status === 'connecting' ? t('widget.cancel') : t('widget.stop')
  // Without voice keys the panel explains why, once the visitor has pressed the mic (not before: it would be noise).
  const [explained, setExplained] = useState(false)
  const showPanel = status !== 'idle' || (!configured && explained)
  return (
    <Box
      as="aside"
      aria-label={t('widget.region')}
      data-voice-ignore=""
      data-testid="voice-widget"
      data-status={status}
      position="fixed"
      zIndex="overlay"
      right="max(1rem, env(safe-area-inset-right))"
      bottom="max(1rem, env(safe-area-inset-bottom))"
    >
      <HStack gap="3" align="flex-end">
        {showPanel ? (
          <Stack
            gap="1"
            maxW={{ base: '60vw', md: '18rem' }}
            px="4"
            py="3"
            borderRadius="l3"
            borderWidth="1px"
            borderColor="border"
            bg="bg.panel"
            boxShadow="lg"
          >
            <Text fontWeight="semibold" fontSize="sm" color={active ? 'brand.fg' : 'fg'} aria-hidden="true">
              {configured ? t(`widget.status.${status}`) : t('widget.notConfigured')}
            </Text>
            {transcript ? (
              <Text fontSize="sm" color="fg.muted" lineClamp={3} data-testid="voice-transcript">
                <VisuallyHidden>{t('widget.transcriptLabel')}: </VisuallyHidden>“{transcript}”
              </Text>
            ) : status === 'listening' ? (
              <Text fontSize="sm" color="fg.muted">
                {t('widget.hint')}
              </Text>
            ) : null}
          </Stack>
        ) : null}
        <Box position="relative">
          {status === 'listening' ? (
            <Box
              aria-hidden="true"
              position="absolute"
              inset="-6px"
              borderRadius="full"
              borderWidth="2px"
              borderColor="brand.solid"
              animation="ping 1.6s cubic-bezier(0, 0, 0.2, 1) infinite"
              opacity={0.6}
              pointerEvents="none"
            />
          ) : null}
          <IconButton
            aria-label={label}
            onClick={() => {
              if (!configured) setExplained(true)
              onToggle()
            }}
            size="2xl"
            borderRadius="full"
            boxShadow="lg"
            colorPalette={active ? 'red' : 'brand'}
            variant="solid"
            data-testid="voice-mic"
          >
            {status === 'connecting' ? <Spinner size="md" /> : active ? <Square aria-hidden fill="currentColor" /> : <Mic aria-hidden />}
          </IconButton>
        </Box>
      </HStack>
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
        {configured ? t(`widget.status.${status}`) : t('widget.notConfigured')}
      </VisuallyHidden>
    </Box>
  )
}
