import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor } from 'storybook/test'
import type { WidgetLanguage } from '../../voice/widget/languages'
import {
  axeViolations,
  directionProblems,
  driveFrame,
  englishShown,
  frameShadow,
  LanguageSheet,
  layoutProblems,
  SHEET_VIEWPORT,
} from './languageSheet'

/**
 * The widget in each of its 24 languages (English, the 22 of the Eighth Schedule, Hinglish): one sheet per language
 * with idle, the consent notice, a call with a transcript and a problem, at 320 px and 640 px, light and dark
 * (./languageSheet.tsx). The play function drives every frame into its state and fails on text clipped or
 * overflowing its box, a box outside its frame, English in a non-English sheet, an unmirrored right-to-left widget
 * (Urdu, Kashmiri, Sindhi) or an axe violation in any frame; the sheet is the baseline. The fonts are Debian's Noto
 * fonts, which `npm test` installs (scripts/chromium.ts `DEBIAN_TEST_PACKAGES`).
 */
const meta = {
  title: 'Voice/VoiceWidget/Languages',
  component: LanguageSheet,
  globals: { viewport: { value: 'sheet' } },
  parameters: {
    layout: 'fullscreen',
    viewport: {
      options: {
        sheet: {
          name: 'Language sheet',
          styles: { width: `${SHEET_VIEWPORT.width}px`, height: `${SHEET_VIEWPORT.height}px` },
          type: 'desktop',
        },
      },
    },
    // axe runs in each frame's own document (the play function); the addon's run covers the sheet page itself
    a11y: { options: { iframes: false } },
  },
  play: async ({ canvasElement, args }) => {
    const sheet = await waitFor(
      () => {
        const grid = canvasElement.querySelector<HTMLElement>('[data-mounted="true"]')
        if (!grid) throw new Error('the sheet has not mounted its widgets')
        return grid
      },
      { timeout: 10_000 },
    )
    const frames = [...sheet.querySelectorAll('iframe')]
    await Promise.all(frames.map(driveFrame))
    const problems: string[] = []
    for (const frame of frames) {
      const found = [
        ...layoutProblems(frame),
        ...englishShown(args.lang, frameShadow(frame)),
        ...directionProblems(args.lang, frame),
        ...(await axeViolations(frame)),
      ]
      problems.push(...found.map((p) => `${frame.title}: ${p}`))
    }
    await expect(problems).toEqual([])
  },
} satisfies Meta<typeof LanguageSheet>
export default meta
type Story = StoryObj<typeof meta>

const sheet = (lang: WidgetLanguage): Story => ({ args: { lang } })

// English, then the Eighth Schedule in the order of its list, then Hinglish; Kashmiri, Sindhi and Urdu are right to left.
/** English (`en`). */
export const English: Story = sheet('en')
/** Assamese (`as`). */
export const Assamese: Story = sheet('as')
/** Bengali (`bn`). */
export const Bengali: Story = sheet('bn')
/** Bodo (`brx`). */
export const Bodo: Story = sheet('brx')
/** Dogri (`doi`). */
export const Dogri: Story = sheet('doi')
/** Gujarati (`gu`). */
export const Gujarati: Story = sheet('gu')
/** Hindi (`hi`). */
export const Hindi: Story = sheet('hi')
/** Kannada (`kn`). */
export const Kannada: Story = sheet('kn')
/** Kashmiri (`ks`). */
export const Kashmiri: Story = sheet('ks')
/** Konkani (`kok`). */
export const Konkani: Story = sheet('kok')
/** Maithili (`mai`). */
export const Maithili: Story = sheet('mai')
/** Malayalam (`ml`). */
export const Malayalam: Story = sheet('ml')
/** Manipuri (`mni`). */
export const Manipuri: Story = sheet('mni')
/** Marathi (`mr`). */
export const Marathi: Story = sheet('mr')
/** Nepali (`ne`). */
export const Nepali: Story = sheet('ne')
/** Odia (`or`). */
export const Odia: Story = sheet('or')
/** Punjabi (`pa`). */
export const Punjabi: Story = sheet('pa')
/** Sanskrit (`sa`). */
export const Sanskrit: Story = sheet('sa')
/** Santali (`sat`). */
export const Santali: Story = sheet('sat')
/** Sindhi (`sd`). */
export const Sindhi: Story = sheet('sd')
/** Tamil (`ta`). */
export const Tamil: Story = sheet('ta')
/** Telugu (`te`). */
export const Telugu: Story = sheet('te')
/** Urdu (`ur`). */
export const Urdu: Story = sheet('ur')
/** Hinglish (`hi-Latn`). */
export const Hinglish: Story = sheet('hi-Latn')
