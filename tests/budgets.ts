/**
 * Speed, size and safety budgets of the public site, in ONE place: `tests/e2e/budget.spec.ts`
 * enforces them in `npm test`, `bench/site.bench.ts` reports against them in `npm run bench`.
 *
 * Sizes are gzip (zlib level 9) of the built files, in bytes. 1 KB = 1000 bytes (as Lighthouse and Vite print).
 */

/** The initial-JavaScript target for `/`: 130 KB gzip. */
export const INITIAL_JS_TARGET = 130_000

/**
 * Enforced ceilings of `/`'s JavaScript, gzip bytes.
 *
 * - `static`: entry `<script type=module src>` + every `<link rel=modulepreload>` + their static-import closure
 *   — the issue's "initial JavaScript". The 130 KB target is enforced as is. Measured 2026-11-22 after deferring
 *   overlay machinery (menus, dialogs, toasts) to idle time, fetching non-English copy on demand and trimming
 *   modulepreloads to what hydration needs: 125.5 KB; after the landing page's static sections became islands
 *   (their code is not loaded on a pre-rendered visit): 122.4 KB. Since the app hydrates at the visitor's first
 *   intent (src/boot.ts), what runs at load is the entry alone (intro, voice widget, hydration trigger): 9.5 KB.
 * - `hydration`: the entry plus what it prefetches at idle for hydration (`<template id="app-prefetch">`: the
 *   app chunk, the page chunk, react-dom/client and their static imports). Measured 2026-11-22: 189.7 KB, then
 *   186.6 KB with islands (react-dom/client alone is 64.2 KB); 2026-11-23, with the voice widget's UI mounted at
 *   load by the entry instead of a chunk loaded after hydration (+7 KB) and English voice copy in both the
 *   entry and the app (+1 KB): 196.8 KB → ceiling 200 KB. React DOM's client is the floor here. 2026-11-25, with
 *   the consent notice (the site asks before its first call, so the gate is there at the first press) and the
 *   widget's in-call hooks: 205.0 KB; after the accent checker left the site's entry (only the embed offers an
 *   accent) and claiming a handoff record left the code a running call needs (./session/handoffRecord.ts):
 *   203.4 KB, entry 16.5 KB → ceiling 206 KB. 2026-11-27, with the local mode as the site's default without keys
 *   (its idle states and consent copy in the widget), the undelivered-message problem and the widget's site-index
 *   setting, and after the site's first script stopped importing the executor's effects module
 *   (./voice/commands/nativeValue.ts): 206.1 KB → ceiling 207 KB. 2026-11-28, with the local mode's press steps
 *   run while the user activation lasts (the recognizer's install() and the first utterance spoken from the press,
 *   which iOS requires): 207.0 KB → ceiling 208 KB. Next room to win: the consent notice loaded at intent, not at
 *   load.
 */
export const INITIAL_JS_CEILING = {
  static: INITIAL_JS_TARGET,
  hydration: 208_000,
} as const

/**
 * Byte budgets of the embed (`dist/embed/`, README "Add VoiceOS to your site"), gzip:
 * - `loader`: `voiceos.js`, all a host page loads before the browser is idle or the visitor clicks;
 * - `widget`: the widget chunk the loader imports on idle, with its static imports.
 * The engine, daily-js and supabase-js are in neither (checked with {@link ON_CLICK_MARKERS}). Measured
 * 2026-11-23: loader 2.0 KB, widget 7.4 KB (the widget chunk 6.6 KB + the preload helper 0.9 KB); 2026-11-25, with the
 * consent notice, branding settings and the press's prestart/handoff chunks: loader 2.7 KB, widget 14.6 KB.
 * - `localIntent`: what a press in local mode (README "Voice without a platform account") fetches beyond the idle
 *   widget, the command executor excluded (it loads as in a call), in the language whose copy and grammar weigh
 *   most (bench/lib/embed.ts `localModeAtIntent`). Measured 2026-11-27: 33.1 KB while the local mode loaded the
 *   call's chunk (the web-call engine with the session); 27.5 KB (Hindi; English 26.3 KB) with the session in its
 *   own chunk. 2026-11-28: 32.5 KB (Hindi; English 31.2 KB) with understanding grounded in the page's names (the
 *   names found inside the utterance, a verb lexicon per language) and the one value converter shared with calls
 *   (./voice/commands/values: dictation, native digits, number words): budget 33 KB. 2026-11-29: 33.1 KB (Hindi;
 *   the shared chunk +0.6 KB) with the page map naming a nameless control by the text next to it through the
 *   executor's own function (src/voice/commands/nearbyText.ts: the local mode grounds in those names, so it needs
 *   it) and listing accordion headers as their buttons: budget 33.5 KB. Later that day: 33.7 KB (Hindi; Tamil 33.5 KB)
 *   with an option said by itself found among the page's selects (src/voice/local/options.ts, with the one text fold
 *   and the range reading in small modules of their own, not the value converter: 11 KB more when it came along):
 *   budget 34 KB. Next room to win: the grammar's language
 *   table fetched beside the engine chunk rather than after it, and the converter's scripts split by language.
 */
export const EMBED_BUDGETS = {
  loader: 12_000,
  widget: 60_000,
  localIntent: 34_000,
} as const

/**
 * Lighthouse budgets (medians, mobile preset, simulated throttling, the production-served build) for every
 * route: `/`, `/pricing`, `/feedback`, `/waitlist`, `/hi/`.
 */
export const LIGHTHOUSE_BUDGETS = {
  performance: 97,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  /** Total Blocking Time, ms. */
  tbtMs: 150,
  /** Cumulative Layout Shift: none. */
  cls: 0,
  /** First Contentful Paint, ms. */
  fcpMs: 1500,
  /** Largest Contentful Paint, ms. */
  lcpMs: 2000,
  /** LCP of the pre-rendered page ÷ LCP of the same app rendered client-side only. */
  lcpRatio: 0.5,
} as const

/** Target for the HTML of `/` (first paint on a phone): 12 KB brotli, inline critical CSS included (17.5 KB before). */
export const HTML_BROTLI_TARGET = 12_000

/**
 * Enforced ceilings of each pre-rendered page's HTML, brotli (quality 11) bytes, by dist-relative file: the
 * page's markup plus its inline CSS, which the build cuts to what the page uses (scripts/pageCss.ts). A page
 * not listed here fails the check (add its ceiling). Measured with the build's random id fixed (bench/lib/bundle.ts
 * `withFixedBuildId`): left as built, the id moved a page by up to ~40 bytes between builds of the same sources
 * (/waitlist 11,140–11,178 over six builds), so a page near its ceiling passed or failed by chance. The home pages
 * still move by ~50 bytes: in about one build in four Emotion names some of Chakra's classes differently. Measured
 * 2026-11-23 plus ~3 % headroom for copy edits; a bigger increase is a regression to look at, not a number to bump. History of `/`: 17.5 KB untrimmed → 14.1 KB
 * with the per-page CSS → 14.7 KB with the intro popup pre-rendered (hidden) in every page, ~0.5 KB per page that
 * buys a popup that opens without generating or inserting any style (SPEC §2; see src/components/IntroPopup).
 */
export const HTML_BROTLI_CEILING: Record<string, number> = {
  'index.html': 15_200, // 14.7 KB
  'pricing.html': 9_100, // 8.7 KB
  'feedback.html': 11_300, // 10.9 KB
  'waitlist.html': 11_200, // 10.9 KB
  '404.html': 8_200, // 7.9 KB
  'hi.html': 16_000, // 15.5 KB
  'hi/pricing.html': 9_500, // 9.1 KB
  'hi/feedback.html': 11_700, // 11.4 KB
  'hi/waitlist.html': 11_700, // 11.3 KB
  'hi/404.html': 8_500, // 8.2 KB
}

/**
 * On-click code: must be 0 bytes on a pre-rendered page until the mic is pressed (never loaded, never
 * modulepreloaded). Detected by strings that survive minification inside the chunk, not by file names.
 */
export const ON_CLICK_MARKERS: Record<string, readonly string[]> = {
  'daily-js': ['DailyIframe', 'c.daily.co/call-machine/'],
  'supabase-js': ['realtime-js/', 'phx_join'],
  // The engine's own error codes and the remote participant it plays (src/voice/engine/{errors,constants}.ts);
  // event names such as `call-start-success` are NOT used: the widget's UI legitimately listens to them.
  'voice engine': ['daily-call-object-creation-error', 'Vapi Speaker'],
}

/**
 * The platform client's full REST surface (the private-key code path: resources that need the org's private
 * key) must not be in the site bundle; only the web-call path (`src/platform/web`: core + POST /call/web) may.
 * These are endpoint paths only its resource classes contain. (`/credential/webhook` is NOT one: the request
 * core names it to send that one call without `Authorization`; nor is `createPlatformClient`, which survives
 * minification only inside the core's "A token is required" error message.)
 */
export const PRIVATE_CLIENT_MARKERS: readonly string[] = [
  '/org/feature-flag',
  '/test-suite',
  '/phone-number/import/twilio',
  '/voice-library/create-sesame-voice',
  '/v2/call/export',
  '/structured-output',
]

/** Secret-looking values that must never be in `dist/` (name → pattern). */
export const SECRET_PATTERNS: Record<string, RegExp> = {
  'JWT (eyJ….….…)': /eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/,
  'Stripe-style live/test key': /\b[sr]k_(live|test)_[A-Za-z0-9]{8,}/,
  'PEM private key / certificate': /-----BEGIN [A-Z ]*(PRIVATE KEY|CERTIFICATE)-----/,
  'Supabase service_role': /service_role/,
  'Supabase secret key': /\bsb_secret_[A-Za-z0-9_-]{10,}/,
  'long Bearer token': /Bearer\s+[A-Za-z0-9._~+/-]{20,}=*/,
  'AWS access key id': /\bAKIA[0-9A-Z]{16}\b/,
  'GitHub token': /\bgh[pousr]_[A-Za-z0-9]{30,}/,
}

/** Response headers `dist/_headers` must set for every path (`/*`): name → check of the value. */
export const REQUIRED_HEADERS: Record<string, (value: string) => boolean> = {
  // at least a year
  'Strict-Transport-Security': (v) => Number(/max-age=(\d+)/.exec(v)?.[1] ?? 0) >= 31_536_000,
  'X-Content-Type-Options': (v) => v === 'nosniff',
  'Referrer-Policy': (v) =>
    ['strict-origin-when-cross-origin', 'strict-origin', 'same-origin', 'no-referrer'].includes(v),
  // the microphone for the site itself only
  'Permissions-Policy': (v) =>
    v
      .split(',')
      .map((d) => d.trim())
      .includes('microphone=(self)'),
}
