import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { siteConfig, type SiteConfig } from '../../config/site'
import { useVoiceWidget, type EngineFactory, type WidgetToast } from '../../voice/react'
import { toaster } from '../Toaster'
import { VoiceWidget } from './VoiceWidget'

export interface VoiceWidgetContainerProps {
  /** Site configuration. @default siteConfig */
  config?: SiteConfig
  /** Engine factory (stories pass a scripted engine). @default the build's engine */
  createEngine?: EngineFactory
}

/** The widget wired to the voice session and the site's toaster; client-only (rendered after hydration). */
export function VoiceWidgetContainer({ config = siteConfig, createEngine }: VoiceWidgetContainerProps) {
  const { t } = useTranslation('voice')
  const notify = useCallback(
    (toast: WidgetToast) => {
      toaster.create({
        type: toast.type,
        title: t(toast.titleKey as never, { ...toast.values, defaultValue: toast.title ?? toast.titleKey }),
        description:
          toast.descriptionText ??
          (toast.descriptionKey ? t(toast.descriptionKey as never, { ...toast.values, defaultValue: toast.description ?? '' }) : undefined),
        ...(toast.action && {
          // The visitor's own click is the user gesture the popup blocker wants.
          action: {
            label: t(toast.action.labelKey as never, { defaultValue: toast.action.label }),
            onClick: () => void window.open(toast.action!.url, '_blank', 'noopener,noreferrer'),
          },
          duration: 10_000,
        }),
      })
    },
    [t],
  )
  const state = useVoiceWidget({ config, notify, ...(createEngine && { createEngine }) })
  return <VoiceWidget status={state.status} transcript={state.transcript} configured={state.configured} onToggle={state.toggle} />
}
