import { useTheme } from 'next-themes'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { siteConfig, type SiteConfig } from '../../config/site'
import {
  createEngineFactory,
  mountVoiceWidget,
  type EngineFactory,
  type VoiceCopy,
  type VoiceWidgetHandle,
} from '../../voice/widget'
import { isVoiceConfigured, siteEngineKind } from '../../voice/widget/site'

export interface VoiceWidgetContainerProps {
  /** Site configuration (voice keys, realtime, engine kind). @default siteConfig */
  config?: SiteConfig
  /** Engine factory (stories pass a scripted engine). @default the build's engine ({@link createEngineFactory}) */
  createEngine?: EngineFactory
}

export { isVoiceConfigured }

/**
 * The site's floating voice widget: a thin React wrapper that mounts the one framework-free widget
 * (`src/voice/widget`, the same one `voiceos.js` mounts on other sites) into its own element, and hands it the
 * page's copy and colour mode. Its toasts live in the widget. Storybook renders it; the site itself mounts
 * the same widget before hydration (`mountSiteVoiceWidget`, src/boot.ts) and keeps it in step
 * (`SiteVoiceWidgetSync`).
 */
export function VoiceWidgetContainer({ config = siteConfig, createEngine }: VoiceWidgetContainerProps) {
  const { i18n } = useTranslation('voice')
  const { resolvedTheme, forcedTheme } = useTheme()
  const host = useRef<HTMLDivElement>(null)
  const handle = useRef<VoiceWidgetHandle | null>(null)
  const lang = i18n.language
  const copy = i18n.getResourceBundle(lang, 'voice') as VoiceCopy
  const theme: 'light' | 'dark' =
    (forcedTheme ?? resolvedTheme ?? (document.documentElement.classList.contains('dark') ? 'dark' : 'light')) ===
    'dark'
      ? 'dark'
      : 'light'
  const latest = useRef({ copy, lang, theme })
  latest.current = { copy, lang, theme }

  useEffect(() => {
    const el = host.current
    if (!el) return
    const { copy: c, lang: l, theme: th } = latest.current
    const w = mountVoiceWidget(el, {
      copy: c,
      lang: l,
      theme: th,
      configured: isVoiceConfigured(config),
      createEngine:
        createEngine ??
        createEngineFactory({
          kind: siteEngineKind(config),
          publicKey: config.vapi.publicKey,
          apiBaseUrl: config.vapi.apiBaseUrl,
          lang: l,
        }),
      assistantId: config.vapi.assistantId,
      realtime:
        siteEngineKind(config) !== 'local' && config.supabase.url && config.supabase.anonKey
          ? {
              supabaseUrl: config.supabase.url,
              anonKey: config.supabase.anonKey,
              private: config.supabase.privateChannels,
            }
          : null,
    })
    handle.current = w
    return () => {
      handle.current = null
      w.destroy()
    }
  }, [config, createEngine])

  useEffect(() => handle.current?.setTheme(theme), [theme])
  useEffect(() => handle.current?.setCopy(copy, lang), [copy, lang])

  return <div ref={host} data-voiceos="" />
}
