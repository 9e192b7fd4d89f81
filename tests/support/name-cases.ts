/**
 * Names as people type them and as attackers type them, with what is
 * stored: the core's rule (src/core/names.ts) and the database's
 * private.clean_name are held to the same table.
 */

/** `text` spelt in tag characters (U+E0020 to U+E007E), invisible in most fonts. */
function inTags(text: string): string {
  return [...text].map((c) => String.fromCodePoint(0xe0000 + c.codePointAt(0)!)).join('');
}

/** A flag: the black flag, the tags of a region, the cancel tag. */
const SCOTLAND = `\u{1F3F4}${inTags('gbsct')}\u{E007F}`;
const FAMILY = '\u{1F469}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}';
const SHALOM = '\u05E9\u05C1\u05BC\u05B8\u05DC\u05D5\u05B9\u05DD';
const ASTRONAUT = '\u{1F469}\u{1F3FD}\u200D\u{1F680}';

export const NAME_CASES: readonly (readonly [label: string, typed: string, stored: string | null])[] = [
  ['three Hangul fillers', '\u3164\u3164\u3164', null],
  ['a braille blank', '\u2800', null],
  ['only no-break spaces', '\u00A0\u00A0\u00A0', null],
  ['an ideographic space', '\u3000', null],
  ['fillers, blanks and format characters together', '\u115F\u2800\u00A0\u200B\u3000\uFFA0\u034F', null],
  ['tag characters spelling a hidden word', `Alice${inTags('IGN')}`, 'Alice'],
  ['a combining grapheme joiner', 'Al\u034Fice', 'Alice'],
  ['a Mongolian variation selector', 'Ali\u180Bce', 'Alice'],
  ['a variation selector after a letter', 'A\uFE0Flice', 'Alice'],
  ['a zero-width joiner between letters', 'Al\u200Dice', 'Alice'],
  ['49 combining marks', `Z${'\u0334'.repeat(49)}algo`, `Z${'\u0334'.repeat(3)}algo`],
  ['marks of several kinds', `a${'\u0301\u0316\u0489\u20DD'.repeat(5)}`, '\u00E1\u0316\u0489\u20DD'],
  ['combining marks alone', '\u0301\u0308\u0301', null],
  ['a mark before the name', '\u0308Zoe', 'Zoe'],
  ['a mark after a space', 'Ana \u0301\u0316Lu', 'Ana Lu'],
  ['a decomposed accent, composed (NFC)', 'Zoe\u0308', 'Zo\u00EB'],
  ['a joiner that kept an accent apart', 'e\u200D\u0301', '\u00E9'],
  ['a no-break space inside a name', 'Jean\u00A0Paul', 'Jean Paul'],
  ['a Hangul filler inside a name', '\uAE40\u3164\uBBFC', '\uAE40\uBBFC'],
  ['a family joined by zero-width joiners', FAMILY, FAMILY],
  ['a skin tone in a joined sequence', ASTRONAUT, ASTRONAUT],
  ['a flag of tag characters', `Mhairi ${SCOTLAND}`, `Mhairi ${SCOTLAND}`],
  ['a heart with its variation selector', 'I \u2764\uFE0F you', 'I \u2764\uFE0F you'],
  ['a keycap', '1\uFE0F\u20E3', '1\uFE0F\u20E3'],
  ['a dangling joiner after an emoji', `\u{1F600}\u200D`, '\u{1F600}'],
  ['Vietnamese', 'Nguy\u1EC5n', 'Nguy\u1EC5n'],
  // Three marks on the shin: kept, in NFC's order.
  ['pointed Hebrew', SHALOM, SHALOM.normalize('NFC')],
  [
    'Devanagari',
    '\u0915\u094D\u0937\u0924\u094D\u0930\u093F\u092F',
    '\u0915\u094D\u0937\u0924\u094D\u0930\u093F\u092F',
  ],
];
