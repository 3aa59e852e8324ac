/**
 * Each widget language's own name, in its own script (src/voice/widget/languages.ts lists the languages): the
 * language switch (./languageSwitch.ts) lists these, so a visitor finds theirs without reading another language.
 * A module of its own, imported by the widget chunk alone: the embed's loader (which may share no module with the
 * widget chunk) never needs the names.
 * @module
 */

/** The own name of each widget language, keyed by its BCP 47 tag (the folder of its copy, `locales/<tag>/`). */
export const LANGUAGE_NAMES: Readonly<Record<string, string>> = {
  en: 'English',
  as: 'অসমীয়া',
  bn: 'বাংলা',
  brx: 'बर’',
  doi: 'डोगरी',
  gu: 'ગુજરાતી',
  hi: 'हिन्दी',
  'hi-Latn': 'Hinglish',
  kn: 'ಕನ್ನಡ',
  ks: 'کٲشُر',
  kok: 'कोंकणी',
  mai: 'मैथिली',
  ml: 'മലയാളം',
  mni: 'ꯃꯩꯇꯩꯂꯣꯟ',
  mr: 'मराठी',
  ne: 'नेपाली',
  or: 'ଓଡ଼ିଆ',
  pa: 'ਪੰਜਾਬੀ',
  sa: 'संस्कृतम्',
  sat: 'ᱥᱟᱱᱛᱟᱲᱤ',
  sd: 'سنڌي',
  ta: 'தமிழ்',
  te: 'తెలుగు',
  ur: 'اردو',
}
