// What text the game accepts, in one place: the input layer refuses malformed strings on every
// route, and chat cleans what it shows to other players. Pure, shared with the PWA's checks.

/** Unpaired UTF-16 surrogates: not Unicode text at all (PostgreSQL would store garbage). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/**
 * NUL (PostgreSQL cannot store it in text) and the other C0/C1 controls, except tab, line breaks
 * and ESC. ESC is let through only so that chat can remove a whole terminal escape sequence
 * (removing ESC alone would leave '[31m' behind); every other field's own pattern refuses it.
 */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001A\u001C-\u001F\u007F-\u009F]/;

/**
 * U+FFFD, what a decoder leaves for bytes that are not UTF-8 (the body parser decodes that way, and
 * a lone surrogate in a URL arrives as it): no player types it, and chat stored it as '��'.
 */
const REPLACEMENT = /\uFFFD/;

/** True when a string from a request is not well-formed text the game accepts. */
export function isMalformedText(s: string): boolean {
  return CONTROL.test(s) || LONE_SURROGATE.test(s) || REPLACEMENT.test(s);
}

// ANSI/VT escape sequences (CSI, OSC, and two-byte escapes), then any stray ESC.
const TERMINAL_ESCAPE = /\u001B(?:\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001B]*(?:\u0007|\u001B\\)?|[@-_])?/g;
// Direction overrides, embeddings and isolates (U+202E makes text read backwards), and marks.
const DIRECTION_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
// Zalgo: more than 3 combining marks on one character are cut to 3.
const MARK_PILE = /(\p{M}{3})\p{M}+/gu;
/**
 * Characters that print nothing: whitespace, format characters (zero-width space, joiners),
 * marks alone, controls, and the blank-looking letters (braille blank, Hangul fillers).
 */
const INVISIBLE = /[\s\p{Cf}\p{M}\p{Cc}\u2800\u3164\u115F\u1160\uFFA0]/gu;

/** Chat text as other players will see it: escapes and direction controls removed, trimmed. */
export function cleanChatText(s: string): string {
  return s.replace(TERMINAL_ESCAPE, "").replace(DIRECTION_CONTROL, "").replace(MARK_PILE, "$1").trim();
}

export function hasVisibleCharacter(s: string): boolean {
  return s.replace(INVISIBLE, "").length > 0;
}

/** PostgreSQL's integer columns (ids, counts): anything past this cannot be a row of ours. */
export const INT4_MAX = 2_147_483_647;

/** Dates a client may send (e.g. when a list was last viewed): from 2000 to 9999. */
export function isSaneDate(d: Date): boolean {
  const t = d.getTime();
  return Number.isFinite(t) && t >= Date.UTC(2000, 0, 1) && t < Date.UTC(10000, 0, 1);
}
