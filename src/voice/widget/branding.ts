/**
 * The site owner's branding of the widget (README "Add VoiceOS to your site": `data-accent-color`, `data-title`,
 * `data-position`, `data-size`): where it floats, how large it is, what it is called and its accent colour — the
 * accent only where it keeps WCAG AA contrast (1.4.3, 4.5:1) against the widget's background and for the mic icon
 * drawn on it, in both colour schemes; elsewhere the default accent stays and the console says why.
 */

/** Where the widget floats. @default 'bottom-right' */
export const WIDGET_POSITIONS = ['bottom-right', 'bottom-left', 'top-right', 'top-left', 'bottom-center'] as const
/** Where the widget floats. */
export type WidgetPosition = (typeof WIDGET_POSITIONS)[number]
/** `full`: the 64 px mic and the wide panel (default); `compact`: a 48 px mic, a narrower panel and toasts. */
export const WIDGET_SIZES = ['full', 'compact'] as const
/** The widget's size. */
export type WidgetSize = (typeof WIDGET_SIZES)[number]

/** An sRGB colour, channels 0–255. */
export type Rgb = readonly [number, number, number]

/**
 * The widget's background (`--panel`, src/voice/widget/styles.ts) and its default accent (`--brand`) per colour
 * scheme; the accent is checked against the background it is drawn beside and as text on.
 */
export const THEME_COLOURS = {
  light: { background: '#ffffff', accent: '#6d28d9' },
  dark: { background: '#15121f', accent: '#c4b5fd' },
} as const
/** Colours the mic icon may take on the accent: white or the dark theme's near-black, whichever contrasts more. */
export const ICON_COLOURS = ['#ffffff', '#0d0b14'] as const
/** WCAG 2.2 AA minimum contrast for text (1.4.3); the accent is used as text (the status while a call runs). */
export const AA_CONTRAST = 4.5

/** `#rgb` / `#rrggbb` → channels; `null` for anything else. */
export function parseHex(hex: string): Rgb | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim())
  if (!m) return null
  const h = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)]
}

/** WCAG 2.2 relative luminance of an sRGB colour, 0 (black) … 1 (white). */
export function relativeLuminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
}

/** WCAG 2.2 contrast ratio of two colours, 1 … 21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

/** The outcome of checking an accent in one colour scheme. */
export interface AccentCheck {
  /** Whether it may be used: both ratios ≥ {@link AA_CONTRAST}. */
  ok: boolean
  /** Contrast against the scheme's background. */
  background: number
  /** The better icon colour on the accent (one of {@link ICON_COLOURS}) and its contrast. */
  icon: { colour: (typeof ICON_COLOURS)[number]; contrast: number }
}

/** Checks `accent` against the background of `scheme` and picks the icon colour for it. */
export function checkAccent(accent: Rgb, scheme: keyof typeof THEME_COLOURS): AccentCheck {
  const background = contrastRatio(accent, parseHex(THEME_COLOURS[scheme].background)!)
  const [icon] = ICON_COLOURS.map((colour) => ({ colour, contrast: contrastRatio(accent, parseHex(colour)!) })).sort(
    (a, b) => b.contrast - a.contrast,
  ) as [AccentCheck['icon']]
  return { ok: background >= AA_CONTRAST && icon.contrast >= AA_CONTRAST, background, icon }
}

const hex = ([r, g, b]: Rgb) => `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`
const ratio = (n: number) => `${(Math.floor(n * 10) / 10).toFixed(1)}:1`

/** `rgb(1, 2, 3)` / `rgba(1, 2, 3, 0.5)` / `rgb(1 2 3 / 50%)` → channels and alpha (0–1); `null` otherwise. */
export function parseRgbFunction(value: string): { rgb: Rgb; alpha: number } | null {
  const m = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)\s*(?:[,/]\s*([\d.]+)(%?))?\s*\)$/i.exec(value.trim())
  if (!m) return null
  const alpha = m[4] === undefined ? 1 : Number(m[4]) / (m[5] ? 100 : 1)
  return { rgb: [Number(m[1]), Number(m[2]), Number(m[3])], alpha }
}

/**
 * Resolves any CSS colour (`#0b57d0`, `rebeccapurple`, `oklch(…)`, `light-dark(#0b57d0, #a8c7fa)`) as the
 * browser does for `scheme`, to sRGB: the computed `color` of a probe in `parent` (CSSOM only: allowed under a CSP
 * without 'unsafe-inline'), read through a 1×1 canvas when the browser keeps another colour space.
 * @returns channels and alpha, or `null` when the browser does not take it as a colour.
 */
export function resolveCssColour(
  value: string,
  scheme: 'light' | 'dark',
  parent: Element | ShadowRoot,
): { rgb: Rgb; alpha: number } | null {
  const probe = document.createElement('span')
  probe.style.setProperty('color-scheme', scheme)
  probe.style.setProperty('color', value)
  if (!probe.style.getPropertyValue('color')) return null
  parent.append(probe)
  const computed = getComputedStyle(probe).color
  probe.remove()
  const direct = parseRgbFunction(computed)
  if (direct) return direct
  try {
    const ctx = document.createElement('canvas').getContext('2d', { willReadFrequently: true })
    if (!ctx) return null
    ctx.fillStyle = computed
    ctx.fillRect(0, 0, 1, 1)
    const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data
    return { rgb: [r!, g!, b!], alpha: a! / 255 }
  } catch {
    return null
  }
}

/** What {@link paintAccent} decided per scheme: the accent's colour and its icon colour, or `null` (the default). */
export type AccentPaint = Record<keyof typeof THEME_COLOURS, { accent: string; icon: string } | null>

/**
 * Applies the owner's accent to the widget's root as custom properties (`--accent-light`, `--accent-light-on`,
 * `--accent-dark`, `--accent-dark-on`; styles.ts falls back to the default tokens without them), each scheme only
 * where the accent passes {@link checkAccent}. Otherwise a console warning names the setting, the ratio and the
 * default kept. Never throws.
 * Call it before `root` is connected (with `probeParent` the connected shadow root): once the mic has a computed
 * style, setting the accent would start its background transition from the default colour.
 * @param value the owner's CSS colour; '' → nothing to do
 * @param logger where the warnings go. @default console
 * @param probeParent a connected node the colour is resolved in. @default root
 */
export function paintAccent(
  root: HTMLElement,
  value: string,
  logger: Pick<Console, 'warn'> = console,
  probeParent: Element | ShadowRoot = root,
): AccentPaint {
  const out: AccentPaint = { light: null, dark: null }
  if (!value) return out
  const setting = 'data-accent-color (accentColor)'
  for (const scheme of ['light', 'dark'] as const) {
    let resolved: ReturnType<typeof resolveCssColour> = null
    try {
      resolved = resolveCssColour(value, scheme, probeParent)
    } catch {
      resolved = null
    }
    const fallback = THEME_COLOURS[scheme].accent
    if (!resolved || resolved.alpha < 1) {
      logger.warn(
        `[VoiceOS] ${setting} "${value}" is not ${resolved ? 'an opaque' : 'a'} CSS colour; using the default accent ${fallback} in the ${scheme} theme`,
      )
      continue
    }
    const check = checkAccent(resolved.rgb, scheme)
    if (!check.ok) {
      const bg = THEME_COLOURS[scheme].background
      const why =
        check.background < AA_CONTRAST
          ? `has a contrast of ${ratio(check.background)} against the ${scheme} theme's background ${bg}`
          : `leaves the mic icon at most ${ratio(check.icon.contrast)} on it`
      logger.warn(
        `[VoiceOS] ${setting} "${value}" (${hex(resolved.rgb)}) ${why}; WCAG AA needs ${AA_CONTRAST}:1, so the ${scheme} theme keeps the default accent ${fallback}. A colour per theme: light-dark(<light>, <dark>)`,
      )
      continue
    }
    out[scheme] = { accent: hex(resolved.rgb), icon: check.icon.colour }
    root.style.setProperty(`--accent-${scheme}`, out[scheme].accent)
    root.style.setProperty(`--accent-${scheme}-on`, out[scheme].icon)
  }
  return out
}

/** Class names of the root for a position and size (styles in {@link BRANDING_CSS}; `left` also in styles.ts). */
export function layoutClasses(position: WidgetPosition, size: WidgetSize): string[] {
  const out: string[] = []
  if (position.endsWith('-left')) out.push('left')
  if (position.startsWith('top-')) out.push('top')
  if (position === 'bottom-center') out.push('center')
  if (size === 'compact') out.push('compact')
  return out
}

/**
 * Position, size and phone CSS of the widget (appended to its sheet, styles.ts). On a phone (≤ 30rem wide) at most
 * the two newest toasts show, compact, at the widget's edge, so the open widget and its toasts keep to the
 * bottom third of a 390 px screen (VoiceWidgetConsent.stories.tsx measures it), and the round buttons beside the
 * mic (type instead, consent) stack over it, so the open panel keeps the row's width (at 320 px: 212 px wide
 * instead of 156): a grid whose first row (last, at the top) is 1fr and takes up the rest of the panel's height, so
 * the stack stays at the corner; a hidden button takes no space. No motion is added. (Comments stay out of the
 * CSS text: it ships as a string, so the minifier keeps them.)
 */
export const BRANDING_CSS = `
.root.top { top: max(1rem, env(safe-area-inset-top)); bottom: auto; flex-direction: column-reverse; }
.root.top .row { align-items: flex-start; }
.root.center { right: auto; left: 50%; transform: translateX(-50%); align-items: center; }
.panel-title { margin: 0; font-weight: 600; font-size: 0.75rem; letter-spacing: 0.02em; color: var(--muted); }
.compact .mic { width: 3rem; height: 3rem; }
.compact .mic svg { width: 1.375rem; height: 1.375rem; }
.compact .spinner { width: 1.25rem; height: 1.25rem; }
.compact .panel { max-width: min(15rem, 60vw); padding: 0.5rem 0.75rem; }
.compact .toasts { width: min(18rem, calc(100vw - 2rem)); }
.compact .consent { width: min(17rem, calc(100vw - 2rem)); padding: 0.75rem; }
@media (max-width: 30rem) {
  .toasts { gap: 0.375rem; }
  .toast:nth-last-child(n + 3) { display: none; }
  .toast { padding: 0.5rem 0.5rem 0.5rem 0.75rem; }
  .toast-description { display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden; }
  .toast .close { width: 1.5rem; height: 1.5rem; }
  .panel { max-width: calc(100vw - 7rem); }
  .row { display: grid; grid-template-columns: minmax(0, auto) auto; grid-template-rows: 1fr auto auto auto;
    align-items: end; gap: 0; }
  .row > .panel { grid-column: 1; grid-row: 1 / -1; margin-right: 0.75rem; }
  .row > :not(.panel) { grid-column: 2; justify-self: center; }
  .row > .mic-wrap { grid-row: 4; }
  .row > .consent-manage { grid-row: 3; margin-bottom: 0.5rem; }
  .row > .chat-toggle { grid-row: 2; }
  .left .row { grid-template-columns: auto minmax(0, auto); }
  .left .row > .panel { grid-column: 2; margin: 0 0 0 0.75rem; }
  .left .row > :not(.panel) { grid-column: 1; }
  .top .row { grid-template-rows: auto auto auto 1fr; }
  .top .row > .mic-wrap { grid-row: 1; }
  .top .row > .consent-manage { grid-row: 2; margin: 0.5rem 0 0; }
  .top .row > .chat-toggle { grid-row: 3; }
}
`
