import { Box, Button, chakra, Input, SimpleGrid, Stack, Tabs, Text, Textarea } from '@chakra-ui/react'
import { zodResolver } from '@hookform/resolvers/zod'
import { Bug, Lightbulb, Send } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { siteConfig } from '../../config/site'
import { FormField } from '../FormField'
import { toaster } from '../Toaster'
import { buildFeedbackMessage, buildMailtoUrl, type MailtoLabels } from './mailto'
import { feedbackSchema } from './schema'
import { ScreenshotPicker } from './ScreenshotPicker'
import {
  EMPTY_FEEDBACK,
  isImageFile,
  validateFeedback,
  type FeedbackMessageKey,
  type FeedbackType,
  type FeedbackValues,
} from './validation'

/**
 * Opens a URL the way a link would; the default navigates the page to it (a `mailto:` opens the mail app).
 * May return a promise: the form shows "Submitting..." until it settles.
 */
export type OpenUrl = (url: string) => void | Promise<void>

/** Default {@link OpenUrl}: `window.location.href = url`. */
export const openInMailApp: OpenUrl = (url) => {
  window.location.href = url
}

/** Toast id per type: a new validation toast replaces the previous one instead of stacking copies. */
export const feedbackToastId = (type: FeedbackType) => `feedback-${type}`

export interface FeedbackFormProps {
  /** Recipient of the mailto link. @default siteConfig.contactEmail */
  email?: string
  /** Opens the built `mailto:` URL; stories and tests capture it. @default openInMailApp */
  openUrl?: OpenUrl
  /** Tab selected first. @default 'issue' */
  defaultType?: FeedbackType
}

const ICONS = { issue: Bug, idea: Lightbulb } as const

/**
 * The feedback page's form (SPEC §2 "Feedback"): two tabs, Report an Issue (default) and Suggest an Idea.
 * Both tab panels stay mounted (Chakra Tabs' default), so each tab's own react-hook-form state survives
 * switching.
 */
export function FeedbackForm({
  email = siteConfig.contactEmail,
  openUrl = openInMailApp,
  defaultType = 'issue',
}: FeedbackFormProps) {
  const { t } = useTranslation('feedback')
  return (
    <Tabs.Root defaultValue={defaultType} variant="enclosed" fitted size={{ base: 'sm', sm: 'md' }}>
      <Tabs.List aria-label={t('tabs.label')} width="full">
        {(['issue', 'idea'] as const).map((type) => {
          const TabIcon = ICONS[type]
          return (
            <Tabs.Trigger key={type} value={type} fontWeight="semibold">
              <Box as="span" display={{ base: 'none', sm: 'inline-flex' }}>
                <TabIcon aria-hidden size={16} />
              </Box>
              {t(`tabs.${type}`)}
            </Tabs.Trigger>
          )
        })}
      </Tabs.List>
      {(['issue', 'idea'] as const).map((type) => (
        <Tabs.Content
          key={type}
          value={type}
          pt="6"
          _focusVisible={{
            outline: '2px solid',
            outlineColor: 'brand.focusRing',
            outlineOffset: '4px',
            borderRadius: 'l2',
          }}
        >
          <FeedbackTypeForm type={type} email={email} openUrl={openUrl} />
        </Tabs.Content>
      ))}
    </Tabs.Root>
  )
}

export interface FeedbackTypeFormProps {
  /** Which form this is: issue or idea. */
  type: FeedbackType
  /** Recipient of the mailto link. */
  email: string
  /** Opens the built `mailto:` URL. */
  openUrl: OpenUrl
}

/**
 * One feedback form (issue or idea): name, email, subject, description (6 rows) and an optional screenshot.
 * Invalid → every message joined with ", " in a "Validation Error" toast, and each field marked. Valid → the
 * `mailto:` URL is opened, the success toast of this type shows, and this form is cleared.
 */
export function FeedbackTypeForm({ type, email, openUrl }: FeedbackTypeFormProps) {
  const { t } = useTranslation('feedback')
  const {
    register,
    handleSubmit,
    reset,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<FeedbackValues>({
    resolver: zodResolver(feedbackSchema),
    defaultValues: EMPTY_FEEDBACK,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  })
  const [screenshot, setScreenshot] = useState<File | null>(null)
  const [screenshotError, setScreenshotError] = useState<string | undefined>(undefined)

  // The mail goes to the team: its fixed words stay English whatever the page language, so the
  // [Issue]/[Idea] prefixes keep working as inbox filters.
  const labels: MailtoLabels = {
    prefix: { issue: t('mailto.issuePrefix', { lng: 'en' }), idea: t('mailto.ideaPrefix', { lng: 'en' }) },
    typeName: { issue: t('tabs.issue', { lng: 'en' }), idea: t('tabs.idea', { lng: 'en' }) },
    name: t('mailto.name', { lng: 'en' }),
    email: t('mailto.email', { lng: 'en' }),
    type: t('mailto.type', { lng: 'en' }),
    description: t('mailto.description', { lng: 'en' }),
    notProvided: t('mailto.notProvided', { lng: 'en' }),
  }

  const onValid = async (values: FeedbackValues) => {
    try {
      await openUrl(buildMailtoUrl(email, buildFeedbackMessage(type, values, labels)))
    } catch (error) {
      // Nothing was handed to a mail app: keep every value so the visitor can retry or copy them.
      console.error('Opening the feedback mail failed:', error)
      return
    }
    toaster.create({
      id: feedbackToastId(type),
      type: 'success',
      title: t('success.title'),
      description: t(`success.${type}`),
    })
    reset()
    setScreenshot(null)
    setScreenshotError(undefined)
  }

  const onInvalid = () => {
    const issues = validateFeedback(getValues())
    if (issues.length === 0) return
    toaster.create({
      id: feedbackToastId(type),
      type: 'error',
      title: t('errors.title'),
      description: issues.map((i) => t(i.key)).join(', '),
    })
  }

  const onPick = (file: File) => {
    if (isImageFile(file)) {
      setScreenshot(file)
      setScreenshotError(undefined)
    } else {
      setScreenshotError(t('fields.screenshot.notImage', { name: file.name }))
    }
  }

  const errorText = (name: keyof FeedbackValues) => {
    const key = errors[name]?.message as FeedbackMessageKey | undefined
    return key ? t(key) : undefined
  }
  const kind = type === 'issue' ? 'Issue' : 'Idea'

  return (
    <chakra.form noValidate onSubmit={handleSubmit(onValid, onInvalid)} data-testid={`feedback-form-${type}`}>
      <Stack gap="5">
        <Text color="fg.muted">{t(`intro.${type}`)}</Text>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          <FormField label={t('fields.name.label')} optionalText={t('optional')}>
            <Input {...register('name')} autoComplete="name" placeholder={t('fields.name.placeholder')} />
          </FormField>
          <FormField label={t('fields.email.label')} required errorText={errorText('email')}>
            <Input
              {...register('email')}
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder={t('fields.email.placeholder')}
            />
          </FormField>
        </SimpleGrid>
        <FormField label={t('fields.subject.label')} required errorText={errorText('subject')}>
          <Input {...register('subject')} placeholder={t(`fields.subject.placeholder${kind}`)} />
        </FormField>
        <FormField label={t('fields.description.label')} required errorText={errorText('description')}>
          <Textarea
            {...register('description')}
            rows={6}
            resize="vertical"
            placeholder={t(`fields.description.placeholder${kind}`)}
          />
        </FormField>
        <ScreenshotPicker
          file={screenshot}
          error={screenshotError}
          onPick={onPick}
          onRemove={() => {
            setScreenshot(null)
            setScreenshotError(undefined)
          }}
        />
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3" align={{ sm: 'center' }}>
          <Button
            type="submit"
            size="lg"
            width={{ base: 'full', sm: 'auto' }}
            flexShrink={0}
            loading={isSubmitting}
            loadingText={t('submitting')}
          >
            <Send aria-hidden />
            {t(`submit.${type}`)}
          </Button>
          <Text fontSize="sm" color="fg.muted">
            {t('mailNote')}
          </Text>
        </Stack>
      </Stack>
    </chakra.form>
  )
}
