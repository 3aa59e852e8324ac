/**
 * The widget's language switch: a round button beside the mic that opens a menu of the languages the owner allows
 * (`data-languages`), each under its own name in its own script (./languageNames.ts). The WAI-ARIA menu button
 * pattern (APG "Menu Button", with `menuitemradio` items): the button has `aria-haspopup="menu"` and
 * `aria-expanded`; Enter, Space, ↓ or a click opens the menu on the language in use, ↑ on the last; ↑/↓ move
 * (wrapping), Home/End go to the ends, a letter moves to the next name that starts with it; Enter, Space or a click
 * chooses and closes, Escape closes without choosing, and focus returns to the button; Tab, or focus or a pointer
 * going elsewhere, closes it. Choosing fetches that language's copy alone (the embed's `choose`).
 *
 * Focus moves by roving tabindex (APG "Keyboard Navigation Inside Components"): the focused item alone has
 * `tabindex="0"`, so a menu that has to scroll (a phone, a short window) always holds a focusable element (axe
 * `scrollable-region-focusable`, WCAG 2.1.1). On a wide screen more than 8 languages are laid out in columns
 * (top to bottom, then the next column, the order ↑/↓ walk) so 24 fit without scrolling; there ←/→ move to the
 * same row of the neighbouring column.
 *
 * Its code and CSS stay out of the site's first script: mount.ts takes a {@link LanguageSwitchFactory}, which the
 * embed's widget chunk (src/embed/app.ts) and the site's language chunk (./siteLanguages.ts, loaded at idle) make
 * with {@link languageSwitch}.
 * @module
 */
import { adoptStyles, el, setAttr, setHidden, svgIcon, type IconShapes } from './dom'
import { LANGUAGE_NAMES } from './languageNames'
import { isRtl } from './rtl'

/** Lucide's `languages` icon (24×24, stroke 2). */
const LANGUAGES_ICON: IconShapes = [
  ['path', { d: 'm5 8 6 6' }],
  ['path', { d: 'm4 14 6-6 2-3' }],
  ['path', { d: 'M2 5h12' }],
  ['path', { d: 'M7 2h1' }],
  ['path', { d: 'm22 22-5-10-5 10' }],
  ['path', { d: 'M14 18h6' }],
]

/**
 * The switch's CSS, adopted into the widget's shadow root when a switch is made. The button takes the consent
 * control's shape (a 44 px round button, consentDialog.ts); the menu opens above the widget's row (below it for
 * the top positions) and scrolls past 22rem or half the viewport's height. From 40rem wide it lays the items out
 * in `--lang-rows` rows (set by {@link languageSwitch}: at most 8, so 24 languages take 3 columns), 36 px tall
 * under a fine pointer (WCAG 2.5.8 asks 24 px), 44 px under a coarse one. On a phone the button takes its own
 * row of the stack beside the mic (branding.ts). (No comments inside: the CSS ships as a string.)
 */
export const LANGUAGE_SWITCH_CSS = `
.lang-toggle[hidden], .lang-menu[hidden] { display: none; }
.lang-toggle[aria-expanded='true'] { background: var(--brand); color: var(--brand-contrast); border-color: var(--brand); }
.lang-menu {
  margin: 0; padding: 0.25rem; list-style: none; min-width: 10rem; max-width: calc(100vw - 2rem);
  max-height: min(22rem, 50vh); overflow-y: auto; overscroll-behavior: contain;
  border-radius: 0.75rem; border: 1px solid var(--border); background: var(--panel); color: var(--fg);
  box-shadow: 0 10px 15px -3px rgb(0 0 0 / 0.12), 0 4px 6px -4px rgb(0 0 0 / 0.1);
}
.lang-item {
  all: unset; box-sizing: border-box; display: flex; align-items: center; gap: 0.5rem; width: 100%;
  min-height: 2.75rem; padding: 0.5rem 0.75rem; border-radius: 0.5rem; cursor: pointer;
  font-size: 0.9375rem; line-height: 1.5; color: var(--fg); text-align: start; overflow-wrap: anywhere;
}
.lang-item:hover { background: var(--border); }
.lang-item:focus-visible { outline: 2px solid var(--focus); outline-offset: -2px; }
.lang-item::before { content: ''; flex: none; width: 0.5rem; height: 0.5rem; border-radius: 9999px; }
.lang-item[aria-checked='true'] { font-weight: 600; }
.lang-item[aria-checked='true']::before { background: var(--brand-fg); }
@media (min-width: 40rem) {
  .lang-menu {
    display: grid; grid-auto-flow: column; grid-template-rows: repeat(var(--lang-rows, 8), auto);
    column-gap: 0.25rem; max-height: min(26rem, calc(100vh - 8rem));
  }
}
@media (min-width: 40rem) and (pointer: fine) {
  .lang-item { min-height: 2.25rem; padding-block: 0.375rem; }
}
@media (max-width: 30rem) {
  .row > .lang-toggle { grid-row: 1; align-self: end; margin-bottom: 0.5rem; }
  .top .row > .lang-toggle { grid-row: 4; align-self: start; margin: 0.5rem 0 0; }
}
@media (forced-colors: active) {
  .lang-menu { border: 1px solid CanvasText; }
  .lang-item[aria-checked='true']::before { background: CanvasText; }
}
`

/** What mount.ts gives a switch: the widget's shadow root, its copy lookup and the language in use. */
export interface LanguageSwitchParts {
  /** The widget's shadow root (the switch's CSS is adopted into it). */
  shadow: ShadowRoot
  /** The widget's copy lookup (`widget.language.button`, `widget.language.menu`). */
  t: (key: string, values?: Record<string, string>) => string
  /** The language in use (BCP 47), read at each {@link LanguageSwitchUi.render}. */
  lang: () => string
}

/** The switch as mount.ts places it: the button beside the mic, the menu above the row. */
export interface LanguageSwitchUi {
  /** The round button that opens the menu. */
  button: HTMLButtonElement
  /** The menu (`role="menu"`), hidden while closed. */
  menu: HTMLUListElement
  /** Redraws names and the checked language; `hidden` hides the button (and closes the menu), e.g. during a call. */
  render(hidden: boolean): void
  /** Closes the menu (returning focus to the button when `focusButton`); `true` when it was open. */
  close(focusButton?: boolean): boolean
  /** Removes the switch's listeners and CSS. */
  destroy(): void
}

/** Most rows of the menu's wide layout (LANGUAGE_SWITCH_CSS): 24 languages take 3 columns of 8. */
const MAX_ROWS = 8

/** Makes the switch for one widget (mount.ts calls it once, at the mount). */
export type LanguageSwitchFactory = (parts: LanguageSwitchParts) => LanguageSwitchUi

/** Options of {@link languageSwitch}. */
export interface LanguageSwitchOptions {
  /** The languages offered, as BCP 47 tags in the order shown (at least two; unknown tags show the tag itself). */
  languages: readonly string[]
  /**
   * Called with the tag the visitor chose (never the one in use): the embed remembers it on the origin and fetches
   * that language's copy; the widget redraws in it once `setCopy` is called.
   */
  choose: (lang: string) => void
}

/** A {@link LanguageSwitchFactory} offering `languages` (see the module doc for the interaction). */
export function languageSwitch({ languages, choose }: LanguageSwitchOptions): LanguageSwitchFactory {
  return ({ shadow, t, lang }) => {
    const removeStyles = adoptStyles(shadow, LANGUAGE_SWITCH_CSS)
    const button = el('button', 'consent-manage lang-toggle', {
      type: 'button',
      'aria-haspopup': 'menu',
      'aria-expanded': 'false',
      'data-testid': 'voice-language',
    })
    button.append(svgIcon(LANGUAGES_ICON))
    const menu = el('ul', 'lang-menu', { role: 'menu', 'data-testid': 'voice-language-menu' })
    menu.hidden = true
    // Rows of the wide layout (LANGUAGE_SWITCH_CSS): columns of at most 8, as even as they come.
    const rows = Math.ceil(languages.length / Math.ceil(languages.length / MAX_ROWS))
    menu.style.setProperty('--lang-rows', String(rows))
    const items = languages.map((tag) => {
      const li = el('li', '', { role: 'none' })
      // The name is in its own language: screen readers pronounce it so, and a right-to-left name runs so.
      const item = el('button', 'lang-item', {
        type: 'button',
        role: 'menuitemradio',
        tabindex: '-1',
        lang: tag,
        dir: isRtl(tag) ? 'rtl' : 'ltr',
        'data-lang': tag,
      })
      item.textContent = LANGUAGE_NAMES[tag] ?? tag
      li.append(item)
      menu.append(li)
      return item
    })
    button.setAttribute('aria-controls', (menu.id = `voiceos-lang-${Math.random().toString(36).slice(2, 10)}`))

    /** Roving tabindex: the item to focus becomes the menu's one tab stop, then takes focus. */
    const focusItem = (i: number) => {
      const target = items[(i + items.length) % items.length]
      if (!target) return
      for (const item of items) if (item !== target) item.tabIndex = -1
      target.tabIndex = 0
      target.focus()
    }
    /** ←/→ in the wide layout: the same row of the column to that side (mirrored right-to-left); else nothing. */
    const sideways = (at: number, key: 'ArrowLeft' | 'ArrowRight'): boolean => {
      const first = items[0]
      const nextColumn = items[rows]
      if (!first || !nextColumn || first.offsetLeft === nextColumn.offsetLeft) return false
      const rtl = getComputedStyle(menu).direction === 'rtl'
      const to = at + ((key === 'ArrowRight') !== rtl ? rows : -rows)
      if (to >= 0 && to < items.length) focusItem(to)
      return true
    }
    const current = () => Math.max(0, languages.indexOf(lang()))
    const open = (at: number) => {
      menu.hidden = false
      setAttr(button, 'aria-expanded', 'true')
      focusItem(at)
    }
    const close = (focusButton = false): boolean => {
      if (menu.hidden) return false
      menu.hidden = true
      setAttr(button, 'aria-expanded', 'false')
      if (focusButton) button.focus()
      return true
    }
    const pick = (tag: string) => {
      close(true)
      if (tag !== lang()) choose(tag)
    }

    button.addEventListener('click', () => (menu.hidden ? open(current()) : close(true)))
    button.addEventListener('keydown', (e) => {
      if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return
      e.preventDefault()
      open(e.key === 'ArrowDown' ? current() : items.length - 1)
    })
    menu.addEventListener('click', (e) => {
      const item = (e.target as Element | null)?.closest?.('.lang-item')
      const tag = item?.getAttribute('data-lang')
      if (tag) pick(tag)
    })
    menu.addEventListener('keydown', (e) => {
      const at = items.indexOf(shadow.activeElement as HTMLButtonElement)
      const key = e.key
      if (key === 'Escape') {
        e.stopPropagation() // the widget's own Escape (toasts, chat, problem) waits for the next press
        close(true)
      } else if (key === 'Tab') close()
      else if (key === 'ArrowDown') focusItem(at + 1)
      else if (key === 'ArrowUp') focusItem(at - 1)
      else if (key === 'Home') focusItem(0)
      else if (key === 'End') focusItem(items.length - 1)
      else if (key === 'ArrowLeft' || key === 'ArrowRight') {
        if (!sideways(at, key)) return
      } else if (key.length === 1 && /\S/u.test(key)) {
        // Type-ahead: the next name after the focused one that starts with the letter (any script).
        const k = key.toLocaleLowerCase()
        const next = items.findIndex((_, j) => {
          const item = items[(at + 1 + j) % items.length]!
          return (item.textContent ?? '').toLocaleLowerCase().startsWith(k)
        })
        if (next >= 0) focusItem(at + 1 + next)
        else return
      } else return // Enter and Space click the focused item (a button)
      if (key !== 'Tab') e.preventDefault()
    })
    /** Focus leaving the button and the menu (a click elsewhere, another window) closes it. */
    const onFocusOut = (e: FocusEvent) => {
      const to = e.relatedTarget as Node | null
      if (!to || (to !== button && !menu.contains(to))) close()
    }
    menu.addEventListener('focusout', onFocusOut)

    return {
      button,
      menu,
      render(hidden) {
        setHidden(button, hidden)
        if (hidden) close()
        const now = lang()
        const name = LANGUAGE_NAMES[now] ?? now
        setAttr(button, 'aria-label', t('widget.language.button', { name }))
        setAttr(menu, 'aria-label', t('widget.language.menu'))
        for (const item of items) setAttr(item, 'aria-checked', String(item.getAttribute('data-lang') === now))
      },
      close,
      destroy() {
        close()
        removeStyles()
      },
    }
  }
}
