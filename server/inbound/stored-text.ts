import { oneLine, withoutBidiControls, withoutFormattingCharacters } from "#app/shared/text.ts";

/**
 * What of a message's text may be stored and shown: no control characters but tab and line
 * breaks (PostgreSQL refuses a NUL outright; the others break terminals and exports), no
 * bidirectional controls (U+202E and the rest reorder what follows: the page would read
 * otherwise), and at most `max` characters. What is cut is still in the raw message on disk.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const controls = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

export function storedText(value: string, max: number): string {
  return withoutBidiControls(value.replace(controls, "")).slice(0, max);
}

/**
 * A header's value as stored (a name, an address, a subject, a file name): one line (no CR/LF
 * to inject anything with), none of the characters the questionnaire refuses as invisible
 * formatting (bidirectional controls, zero-width characters: "Maya\u202e <ceo@bank.example>"
 * would show reversed), at most `max`.
 */
export function storedLine(value: string, max: number): string {
  return oneLine(withoutFormattingCharacters(value)).slice(0, max).trim();
}
