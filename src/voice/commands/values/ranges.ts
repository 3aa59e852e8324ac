/**
 * Ranges said with a word between their numbers, read as written with a dash: used by the option match
 * (./optionWords.ts) and by the local mode's option finder (src/voice/local/options.ts), whose chunk loads this
 * small module and not the value converter.
 * @module
 */
import { foldText } from '../fold'

/**
 * Words said between two numbers for a range (English, Hindi and Hinglish, Tamil, Bengali, Urdu): "11 to 50", "11 से
 * 50", "11 முதல் 50", "11 থেকে 50", "11 سے 50".
 */
const RANGE = new RegExp(
  `(\\p{N}) (?:${['to', 'through', 'till', 'until', 'से', 'se', 'முதல்', 'থেকে', 'سے', 'تک'].map(foldText).join('|')}) (\\p{N})`,
  'gu',
)

/**
 * A range said with a word between its numbers, as written with a dash, in text already {@link foldText}ed (the
 * words are matched folded too: "से" is "स" then): "11 to 50" → "11 50".
 */
export const rangeAsWritten = (folded: string): string => folded.replace(RANGE, '$1 $2')
