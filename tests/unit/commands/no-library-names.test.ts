/**
 * No code path per widget library (src/voice/commands/README.md "Operating what a person sees"): the executor
 * finds what a library does differently from the DOM and its events, so no file of src/voice/commands names a
 * widget library or one of its class prefixes — in code or in comments. The local mode's value conversions
 * (values/) are checked too. There are no exceptions: any name in any file fails the test.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const DIR = fileURLToPath(new URL('../../../src/voice/commands/', import.meta.url))

/** Widget libraries (names as their docs and packages spell them) and the class or attribute prefixes they draw. */
const LIBRARY_NAMES: Record<string, RegExp> = {
  flatpickr: /flatpickr/i,
  select2: /select2|selectwoo/i,
  'react-select': /react-select|\brs__/i,
  'Material UI': /\bmui\b|material[ -]ui|\bMui[A-Z]/,
  Radix: /radix/i,
  'Chakra UI / Zag': /chakra|\bzag\b/i,
  'tom-select': /tom-?select|\bts-(control|dropdown|wrapper)\b/i,
  'Duet Date Picker': /\bduet\b/i,
  noUiSlider: /nouislider|\bnoUi-/i,
  Trix: /\btrix\b/i,
  'accessible-autocomplete / GOV.UK Frontend': /accessible-autocomplete|gov\.?uk/i,
  'Headless UI': /headless ?ui|headlessui/i,
  'Ant Design': /\bantd\b|ant design|\bant-(select|picker|cascader|switch)/i,
  'Element Plus': /element[ -]plus|\bel-(select|cascader|switch|input|option)\b/i,
  Svelte: /svelte/i,
  'Choices.js': /choices\.js|\bchoices__/i,
  'intl-tel-input': /intl-tel-input|\biti__/i,
  'react-datepicker': /react-datepicker/i,
  'jQuery / WooCommerce': /jquery|woocommerce/i,
  'React Aria': /react aria|react-aria/i,
  'Vuetify / Mantine / PrimeVue / Naive UI / Tagify': /vuetify|mantine|primevue|naive[ -]ui|tagify/i,
}

function sources(dir: string): string[] {
  const out: string[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) out.push(...sources(path))
    else if (entry.name.endsWith('.ts')) out.push(path)
  }
  return out
}

describe('src/voice/commands names no widget library', () => {
  it('no file names a widget library or its class prefixes', () => {
    const found: Record<string, string[]> = {}
    for (const file of sources(DIR)) {
      const text = readFileSync(file, 'utf8')
      const names = Object.entries(LIBRARY_NAMES)
        .filter(([, re]) => re.test(text))
        .map(([name]) => name)
        .sort()
      if (names.length > 0) found[relative(DIR, file)] = names
    }
    expect(found).toEqual({})
  })

  it('the patterns find the names they are for (the test can fail)', () => {
    expect(LIBRARY_NAMES['Choices.js']!.test('div.choices__list')).toBe(true)
    expect(LIBRARY_NAMES['Ant Design']!.test("'.ant-select-dropdown'")).toBe(true)
    expect(LIBRARY_NAMES['Material UI']!.test('MuiAutocomplete')).toBe(true)
    expect(LIBRARY_NAMES['Material UI']!.test('a multi-select')).toBe(false)
    expect(LIBRARY_NAMES['Choices.js']!.test('the choices it offers')).toBe(false)
  })
})
