/**
 * How a respondent's name is stored: the one rule, applied by the browser
 * before sending (so the visitor sees the name as it will be kept) and by the
 * database, whose private.clean_name is generated from the classes below
 * (npm run gen:sql writes them out as code point ranges).
 *
 * In order: NFC; line breaks, tabs, every space separator and the braille
 * blank become a plain space; control, format and default-ignorable
 * characters (zero-width characters, bidirectional controls, variation
 * selectors, tag characters, Hangul fillers, the combining grapheme joiner)
 * go, except inside an emoji sequence (a joiner between emoji, a variation
 * selector after an emoji or in a keycap, the tags of a flag); combining
 * marks with no character to sit on (at the start, or after a space) go; a
 * run of combining marks is cut to NAME_MAX_MARKS; NFC again (a removed character
 * may have kept two others from composing); then it is trimmed. What is left
 * empty (a name blank to the eye) is anonymous: null.
 */

/**
 * Combining marks kept in a row: pointed Hebrew (shin dot, dagesh, vowel)
 * and Burmese or Thai clusters need three; more only stacks marks out of
 * the line.
 */
export const NAME_MAX_MARKS = 3;

/** The character classes of the rule, as regular expression classes with Unicode property escapes. */
export const NAME_CLASSES = {
  /** Becomes a plain space. */
  space: String.raw`[\t\n\v\f\r\u0085\u2028\u2029\p{Zs}\u2800]`,
  /** Removed, but where an emoji sequence holds it. */
  invisible: String.raw`[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]`,
  /** An emoji a joiner, a variation selector or a skin tone may attach to. */
  emoji: String.raw`[\p{Extended_Pictographic}\p{Emoji_Modifier}]`,
  /** A combining mark. */
  mark: String.raw`\p{M}`,
} as const;

export type NameClass = keyof typeof NAME_CLASSES;

/**
 * The sequences kept whole, as a pattern over the classes (each written
 * `{name}`): a flag's tag sequence, a keycap, and emoji joined by ZWJ, each
 * with an optional variation selector. Only one branch can match where a
 * sequence starts, so a leftmost-first engine (JavaScript) and a
 * leftmost-longest one (PostgreSQL) keep the same characters.
 */
export const NAME_KEPT_SEQUENCE = String.raw`\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}|[#*0-9]\u{FE0F}?\u{20E3}|{emoji}[\u{FE0E}\u{FE0F}]?(?:\u{200D}{emoji}[\u{FE0E}\u{FE0F}]?)*`;

function withClasses(pattern: string): string {
  return pattern.replace(/\{([a-z]+)\}/g, (_, name: NameClass) => NAME_CLASSES[name]);
}

const SPACES = new RegExp(NAME_CLASSES.space, 'gu');
const INVISIBLE = new RegExp(`(${withClasses(NAME_KEPT_SEQUENCE)})|${NAME_CLASSES.invisible}`, 'gu');
// A mark that begins the name or follows a space would be drawn alone, on a dotted circle or over the gap.
const UNSEATED_MARKS = new RegExp(`(^| )(?:${NAME_CLASSES.mark})+`, 'gu');
const MARK_RUN = new RegExp(`((?:${NAME_CLASSES.mark}){${NAME_MAX_MARKS}})(?:${NAME_CLASSES.mark})+`, 'gu');

/** The name as the database stores it; null when nothing visible is left. */
export function cleanName(name: string): string | null {
  const cleaned = name
    .normalize('NFC')
    .replace(SPACES, ' ')
    .replace(INVISIBLE, '$1')
    .replace(UNSEATED_MARKS, '$1')
    .replace(MARK_RUN, '$1')
    .normalize('NFC')
    .replace(/^ +| +$/g, '');
  return cleaned === '' ? null : cleaned;
}
