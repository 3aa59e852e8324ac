import { DEFAULT_BASE_URL } from '../platform/core/defaults'

/**
 * Site configuration: the ONE module that reads Vite env vars (`import.meta.env.VITE_*`, fixed at build
 * time). Every value has a documented default in `.env.example`; without voice keys the voice widget runs
 * in the local mode (the browser's own speech recognition), and with only one of them it says "Configuration
 * Required", instead of breaking the build or the page.
 */
export interface SiteConfig {
  /** Public origin used for canonical URLs, Open Graph and the sitemap, without a trailing slash. */
  siteUrl: string
  /** Info address for mailto links (footer, waitlist, pricing, feedback). SPEC §2 `{email}`. */
  contactEmail: string
  /** External demo video opened by Watch Demo in a new tab. */
  demoVideoUrl: string
  /** Waitlist form service: form-response endpoint and the entry id of each field (SPEC §7). */
  waitlist: {
    /** POST target; empty means "not configured": a submit then fails with a clear message. */
    endpoint: string
    entryIds: Record<'name' | 'email' | 'phone' | 'company' | 'website' | 'comments', string>
  }
  /** Voice platform (Vapi) public key, assistant id and API base. Both empty → the local mode; one of them empty → Configuration Required. */
  vapi: { publicKey: string; assistantId: string; apiBaseUrl: string }
  /** Supabase project URL and anon key for the voice-command broadcast channel; empty → realtime off. */
  supabase: { url: string; anonKey: string; privateChannels: boolean }
  /**
   * `live`: the platform's call, or — with neither key nor assistant id — the local mode (the browser's recognizer
   * and the command grammar, README "Voice without a platform account"); `local`: the local mode even with keys;
   * `scripted`: a scripted call (e2e tests and demos only). Default `live`.
   */
  voiceEngine: 'live' | 'scripted' | 'local'
}

type Env = Record<string, string | boolean | undefined>

const str = (env: Env, key: string, fallback: string): string => {
  const v = env[key]
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : fallback
}

/** Builds the config from an env record (exported for tests; the app uses {@link siteConfig}). */
export function readSiteConfig(env: Env): SiteConfig {
  return {
    siteUrl: str(env, 'VITE_SITE_URL', 'https://voiceos.example.com').replace(/\/+$/, ''),
    contactEmail: str(env, 'VITE_CONTACT_EMAIL', 'info@voiceos.example.com'),
    demoVideoUrl: str(env, 'VITE_DEMO_VIDEO_URL', 'https://www.youtube.com/@voiceos'),
    waitlist: {
      endpoint: str(env, 'VITE_WAITLIST_ENDPOINT', ''),
      entryIds: {
        name: str(env, 'VITE_WAITLIST_ENTRY_NAME', 'entry.1000001'),
        email: str(env, 'VITE_WAITLIST_ENTRY_EMAIL', 'entry.1000002'),
        phone: str(env, 'VITE_WAITLIST_ENTRY_PHONE', 'entry.1000003'),
        company: str(env, 'VITE_WAITLIST_ENTRY_COMPANY', 'entry.1000004'),
        website: str(env, 'VITE_WAITLIST_ENTRY_WEBSITE', 'entry.1000005'),
        comments: str(env, 'VITE_WAITLIST_ENTRY_COMMENTS', 'entry.1000006'),
      },
    },
    vapi: {
      publicKey: str(env, 'VITE_VAPI_PUBLIC_KEY', ''),
      assistantId: str(env, 'VITE_VAPI_ASSISTANT_ID', ''),
      apiBaseUrl: str(env, 'VITE_VAPI_API_BASE_URL', DEFAULT_BASE_URL),
    },
    supabase: {
      url: str(env, 'VITE_SUPABASE_URL', ''),
      anonKey: str(env, 'VITE_SUPABASE_ANON_KEY', ''),
      privateChannels: str(env, 'VITE_SUPABASE_PRIVATE_CHANNELS', 'false') === 'true',
    },
    voiceEngine: ((v) => (v === 'scripted' || v === 'local' ? v : 'live'))(str(env, 'VITE_VOICE_ENGINE', 'live')),
  }
}

/** The site's configuration for this build. */
export const siteConfig: SiteConfig = readSiteConfig(import.meta.env)

/** Early-access spots (SPEC §9): the one constant behind every "200". */
export const EARLY_ACCESS_SPOTS = 200
/** Reply promise in hours (SPEC §9). */
export const REPLY_WITHIN_HOURS = 24
/** Copyright year shown in the footer (SPEC §9). */
export const COPYRIGHT_YEAR = 2024
