import { Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react'
import { ImagePlus, X } from 'lucide-react'
import { useId, useRef, type ChangeEvent } from 'react'
import { useTranslation } from 'react-i18next'

export interface ScreenshotPickerProps {
  /** The chosen image, or `null`. Only its name is shown; the file never leaves the device. */
  file: File | null
  /** Refusal message for a non-image pick (shown as an alert under the picker). */
  error?: string
  /** Called with the picked file (image or not: the parent decides). */
  onPick: (file: File) => void
  /** Called by the remove button. */
  onRemove: () => void
}

/**
 * Optional single-image picker (SPEC §3 "screenshot"): a real button opens the native file dialog
 * (`accept="image/*"`), the chosen file is shown by name with a remove button, and a refusal is announced.
 * The native input stays hidden and out of the tab order; the button is the keyboard target.
 */
export function ScreenshotPicker({ file, error, onPick, onRemove }: ScreenshotPickerProps) {
  const { t } = useTranslation('feedback')
  const input = useRef<HTMLInputElement>(null)
  const id = useId()
  const ids = { label: `${id}-label`, name: `${id}-name`, hint: `${id}-hint`, error: `${id}-error` }

  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const picked = e.target.files?.[0]
    e.target.value = '' // picking the same file again fires change again
    if (picked) onPick(picked)
  }

  return (
    <Stack gap="1.5" role="group" aria-labelledby={ids.label}>
      <Text id={ids.label} fontWeight="medium" textStyle="sm">
        {t('fields.screenshot.label')}{' '}
        <Text as="span" color="fg.muted" fontWeight="normal">
          {t('optional')}
        </Text>
      </Text>
      <HStack gap="3" minW="0">
        <Button
          variant="outline"
          size="sm"
          flexShrink={0}
          onClick={() => input.current?.click()}
          aria-describedby={[ids.name, ids.hint, error ? ids.error : null].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
        >
          <ImagePlus aria-hidden />
          {file ? t('fields.screenshot.change') : t('fields.screenshot.choose')}
        </Button>
        <Text
          id={ids.name}
          data-testid="screenshot-name"
          fontSize="sm"
          color={file ? 'fg' : 'fg.muted'}
          truncate
          minW="0"
        >
          {file ? file.name : t('fields.screenshot.none')}
        </Text>
        {file ? (
          <IconButton
            aria-label={t('fields.screenshot.remove')}
            size="xs"
            variant="ghost"
            onClick={onRemove}
            flexShrink={0}
          >
            <X aria-hidden />
          </IconButton>
        ) : null}
      </HStack>
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        tabIndex={-1}
        onChange={onChange}
        data-testid="screenshot-input"
      />
      <Text id={ids.hint} fontSize="xs" color="fg.muted">
        {t('fields.screenshot.hint')}
      </Text>
      {error ? (
        <Text id={ids.error} role="alert" fontSize="sm" color="fg.error">
          {error}
        </Text>
      ) : null}
    </Stack>
  )
}
