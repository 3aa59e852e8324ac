/**
 * Words people use for the same field: a fill's hint and a field's name are compared through these groups when
 * neither names the other ("mobile" for a field labelled "Phone", "PIN code" for "Postcode", "DOB" for "Date of
 * birth"). Consulted only after every name step found nothing (./chooseField.ts): a synonym never overrides a field
 * that has the name said. Groups are symmetric; phrases are compared after `normalizeText` (./match.ts).
 * @module
 */
import { normalizeText } from './match'

/** Groups of phrases naming one kind of field (English as Indian and other forms write it, and Hindi). */
export const FIELD_SYNONYMS: readonly (readonly string[])[] = [
  [
    'mobile',
    'mobile number',
    'mobile no',
    'phone',
    'phone number',
    'phone no',
    'telephone',
    'telephone number',
    'cell',
    'cell phone',
    'cell number',
    'cellphone',
    'contact number',
    'मोबाइल',
    'मोबाइल नंबर',
    'फ़ोन',
    'फ़ोन नंबर',
    'दूरभाष',
  ],
  ['zip', 'zip code', 'zipcode', 'postcode', 'post code', 'postal code', 'pin code', 'pincode', 'पिन कोड', 'पिनकोड'],
  ['surname', 'last name', 'family name'],
  ['first name', 'given name', 'forename'],
  ['dob', 'd o b', 'date of birth', 'birth date', 'birthdate', 'जन्म तिथि', 'जन्मतिथि'],
  ['email', 'e mail', 'email address', 'email id', 'mail id', 'ईमेल'],
]

const GROUPS = FIELD_SYNONYMS.map((group) => group.map(normalizeText))

/**
 * The hints a fill's hint also stands for: each phrase of a group found in it (as whole words) replaced by every
 * other phrase of its group. `[]` when the hint has no phrase of any group. "mobile" → "phone", "cell", …
 */
export function synonymHints(hint: string): string[] {
  const q = ` ${normalizeText(hint)} `
  const out = new Set<string>()
  for (const group of GROUPS) {
    // The longest phrase of the group that the hint says ("phone number" before "phone").
    const said = group.filter((p) => q.includes(` ${p} `)).sort((a, b) => b.length - a.length)[0]
    if (!said) continue
    for (const other of group) if (other !== said) out.add(q.replace(` ${said} `, ` ${other} `).trim())
  }
  out.delete(normalizeText(hint))
  return [...out]
}
