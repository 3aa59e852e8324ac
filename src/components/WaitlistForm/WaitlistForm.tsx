import { Button, chakra, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react'
import { zodResolver } from '@hookform/resolvers/zod'
import { Send } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { REPLY_WITHIN_HOURS, siteConfig } from '../../config/site'
import { FormField } from '../FormField'
import { toaster } from '../Toaster'
import { clearDraft, loadDraft, saveDraft, sessionDraftStorage, type DraftStorage } from './draft'
import { waitlistSchema } from './schema'
import { createWaitlistSubmitter, WaitlistNotConfiguredError, type WaitlistSubmit } from './submit'
import {
  EMPTY_WAITLIST,
  normalizeWaitlist,
  validateWaitlist,
  type WaitlistFailure,
  type WaitlistValues,
} from './validation'

/** The build's real submitter (endpoint and entry ids from `siteConfig.waitlist`). */
const defaultSubmit: WaitlistSubmit = createWaitlistSubmitter(siteConfig.waitlist)

/** Toast ids: a new validation toast replaces the previous one instead of stacking copies. */
export const WAITLIST_TOAST_IDS = { validation: 'waitlist-validation', result: 'waitlist-result' } as const

export interface WaitlistFormProps {
  /** Sends the application; stories inject success, failure or a slow request. @default the real `fetch` submitter for `siteConfig.waitlist` */
  submit?: WaitlistSubmit
  /** Address named in the failure message. @default siteConfig.contactEmail */
  contactEmail?: string
  /** Where the unsent draft is kept; `null` keeps none. @default window.sessionStorage */
  draftStorage?: DraftStorage | null
  /** Delay between the success toast and the fields resetting (SPEC §9). @default 100 */
  resetDelayMs?: number
}

type FieldMessageKey = WaitlistFailure['fieldMessageKey']

/**
 * The free-trial application form (SPEC §2 "Waitlist", §4, §5, §7, §8): react-hook-form + zod on the pure
 * rules in `validation.ts`. A failed rule marks its fields (error text, `aria-invalid`) AND shows the spec's
 * toast; submitting disables the button ("Submitting..."); success toasts and resets 100 ms later; a failure
 * toasts, logs and keeps every value. The draft lives in sessionStorage until a successful submit.
 */
export function WaitlistForm({
  submit = defaultSubmit,
  contactEmail = siteConfig.contactEmail,
  draftStorage,
  resetDelayMs = 100,
}: WaitlistFormProps) {
  const { t } = useTranslation('waitlist')
  const {
    register,
    handleSubmit,
    reset,
    watch,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<WaitlistValues>({
    resolver: zodResolver(waitlistSchema),
    defaultValues: EMPTY_WAITLIST,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  })
  const [restored, setRestored] = useState(false)
  const storage = useRef<DraftStorage | null>(null)
  const inFlight = useRef(false)
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  // Client only (the page is pre-rendered): restore the draft, then save every change.
  useEffect(() => {
    storage.current = draftStorage === undefined ? sessionDraftStorage() : draftStorage
    const draft = loadDraft(storage.current)
    if (draft) {
      reset(draft, { keepDefaultValues: true })
      setRestored(true)
    }
    const sub = watch((values) => saveDraft(storage.current, values))
    return () => sub.unsubscribe()
  }, [draftStorage, reset, watch])

  useEffect(() => () => clearTimeout(resetTimer.current), [])

  const onValid = async (values: WaitlistValues) => {
    if (inFlight.current) return
    inFlight.current = true
    try {
      await submit(normalizeWaitlist(values))
    } catch (error) {
      console.error('Waitlist submission failed:', error)
      const key = error instanceof WaitlistNotConfiguredError ? 'notConfigured' : 'failed'
      toaster.create({
        id: WAITLIST_TOAST_IDS.result,
        type: 'error',
        title: t(`errors.${key}.title`),
        description: t(`errors.${key}.description`, { email: contactEmail }),
      })
      return
    } finally {
      inFlight.current = false
    }
    clearDraft(storage.current)
    toaster.create({
      id: WAITLIST_TOAST_IDS.result,
      type: 'success',
      title: t('success.title'),
      description: t('success.description', { hours: REPLY_WITHIN_HOURS }),
    })
    clearTimeout(resetTimer.current)
    resetTimer.current = setTimeout(() => {
      reset()
      setRestored(false)
    }, resetDelayMs)
  }

  const onInvalid = () => {
    const failure = validateWaitlist(getValues())
    if (!failure) return
    toaster.create({
      id: WAITLIST_TOAST_IDS.validation,
      type: 'error',
      title: t(failure.titleKey),
      description: t(failure.descriptionKey),
    })
  }

  const errorText = (name: keyof WaitlistValues) => {
    const key = errors[name]?.message as FieldMessageKey | undefined
    return key ? t(key) : undefined
  }
  const optional = t('form.optional')

  return (
    <chakra.form
      noValidate
      onSubmit={handleSubmit(onValid, onInvalid)}
      aria-describedby="waitlist-form-description"
      data-testid="waitlist-form"
    >
      <Stack gap="5">
        <Text id="waitlist-form-description" color="fg.muted" fontSize="sm">
          {t('form.description')}
        </Text>
        <Text role="status" color="brand.fg" fontSize="sm" _empty={{ display: 'none' }}>
          {restored ? t('form.draftRestored') : ''}
        </Text>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          <FormField label={t('form.fields.name.label')} required errorText={errorText('name')}>
            <Input {...register('name')} autoComplete="name" placeholder={t('form.fields.name.placeholder')} />
          </FormField>
          <FormField label={t('form.fields.email.label')} required errorText={errorText('email')}>
            <Input
              {...register('email')}
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder={t('form.fields.email.placeholder')}
            />
          </FormField>
          <FormField
            label={t('form.fields.phone.label')}
            required
            helperText={t('form.fields.phone.helper')}
            errorText={errorText('phone')}
          >
            <Input
              {...register('phone')}
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              placeholder={t('form.fields.phone.placeholder')}
            />
          </FormField>
          <FormField
            label={t('form.fields.website.label')}
            required
            helperText={t('form.fields.website.helper')}
            errorText={errorText('website')}
          >
            <Input
              {...register('website')}
              type="url"
              autoComplete="url"
              inputMode="url"
              placeholder={t('form.fields.website.placeholder')}
            />
          </FormField>
        </SimpleGrid>
        <FormField label={t('form.fields.company.label')} optionalText={optional}>
          <Input
            {...register('company')}
            autoComplete="organization"
            placeholder={t('form.fields.company.placeholder')}
          />
        </FormField>
        <FormField label={t('form.fields.comments.label')} optionalText={optional}>
          <Textarea
            {...register('comments')}
            minH="100px"
            rows={4}
            resize="vertical"
            placeholder={t('form.fields.comments.placeholder')}
          />
        </FormField>
        <Button
          type="submit"
          size="lg"
          width={{ base: 'full', sm: 'auto' }}
          alignSelf={{ sm: 'flex-start' }}
          loading={isSubmitting}
          loadingText={t('form.submitting')}
          disabled={isSubmitting}
        >
          <Send aria-hidden />
          {t('form.submit')}
        </Button>
      </Stack>
    </chakra.form>
  )
}
