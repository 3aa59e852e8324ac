import { createHash } from 'node:crypto'

/** What the site connects to, from the build's configuration (src/config/site.ts reads the same env). */
export interface CspSources {
  /** Vapi API base, e.g. https://api.vapi.ai (POST /call/web). */
  vapiApiBaseUrl: string
  /** Supabase project URL for the realtime channel ('' when off). */
  supabaseUrl: string
  /** Waitlist form endpoint ('' when not configured). */
  waitlistEndpoint: string
}

/** Daily (daily-js): call-machine bundle, signalling, media, geo lookup and its error reporting (SPEC §7). */
const DAILY_SCRIPT = ['https://c.daily.co']
const DAILY_CONNECT = [
  'https://*.daily.co',
  'wss://*.daily.co',
  'https://*.wss.daily.co',
  'wss://*.wss.daily.co',
  'https://*.sentry.io',
]

const origin = (url: string): string | null => {
  try {
    return new URL(url).origin
  } catch {
    return null
  }
}

/** `'sha256-…'` source of an inline script's exact text (CSP Level 2 hash source). */
export function scriptHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`
}

/** The text of every executable inline `<script>` (no `src`, JavaScript type) in an HTML page. */
export function inlineScripts(html: string): string[] {
  const out: string[] = []
  for (const m of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attrs = m[1] ?? ''
    if (/\ssrc\s*=/.test(attrs)) continue
    const type = /\stype\s*=\s*"([^"]*)"/i.exec(attrs)?.[1]
    if (type && !/^(module|text\/javascript|application\/javascript)$/i.test(type)) continue
    out.push(m[2] ?? '')
  }
  return out
}

/**
 * The Content-Security-Policy of a pre-rendered page: no inline script but the page's own hashed ones;
 * connections only to the site, the platform API, Daily and the configured Supabase and form endpoints.
 * `style-src 'unsafe-inline'` is needed by Emotion (Chakra), which inserts `<style>` elements at run time.
 * The microphone itself is governed by Permissions-Policy (see {@link securityHeaders}).
 */
export function contentSecurityPolicy(sources: CspSources, hashes: string[]): string {
  const extra = (u: string) => {
    const o = origin(u)
    if (!o) return []
    return o.startsWith('https:') ? [o, o.replace(/^https:/, 'wss:')] : [o, o.replace(/^http:/, 'ws:')]
  }
  const connect = [
    "'self'",
    ...extra(sources.vapiApiBaseUrl).slice(0, 1),
    ...DAILY_CONNECT,
    ...extra(sources.supabaseUrl),
    ...extra(sources.waitlistEndpoint).slice(0, 1),
  ]
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...new Set(hashes), ...DAILY_SCRIPT],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': [...new Set(connect)],
    'media-src': ["'self'", 'blob:', 'mediastream:'],
    'worker-src': ["'self'", 'blob:'],
    'frame-src': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'", 'mailto:', ...extra(sources.waitlistEndpoint).slice(0, 1)],
  }
  return Object.entries(directives)
    .map(([k, v]) => `${k} ${v.join(' ')}`)
    .join('; ')
}

/** HTTP headers every response should carry (written to `dist/_headers`, Netlify/Cloudflare Pages format). */
export const securityHeaders: Record<string, string> = {
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'microphone=(self), camera=(), geolocation=(), payment=(), usb=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
}

/** Adds the page's CSP as a `<meta http-equiv>` right after `<meta charset>`; returns the html and the policy. */
export function withCspMeta(html: string, sources: CspSources): { html: string; policy: string } {
  const policy = contentSecurityPolicy(sources, inlineScripts(html).map(scriptHash))
  const meta = `<meta http-equiv="Content-Security-Policy" content="${policy.replace(/"/g, '&quot;')}">`
  const charset = /<meta charset="[^"]*"\s*\/?>/i.exec(html)
  if (!charset) throw new Error('page has no <meta charset>')
  const at = charset.index + charset[0].length
  return { html: html.slice(0, at) + meta + html.slice(at), policy }
}
