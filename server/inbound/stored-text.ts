import { oneLine } from "#app/shared/text.ts";

/**
 * What of a message's text may be stored and shown: no control characters but tab and line
 * breaks (PostgreSQL refuses a NUL outright; the others break terminals and exports), and at
 * most `max` characters. What is cut is still in the raw message kept on disk.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const controls = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

export function storedText(value: string, max: number): string {
  return value.replace(controls, "").slice(0, max);
}

/** A header's value as stored: one line (no CR/LF to inject anything with), at most `max`. */
export function storedLine(value: string, max: number): string {
  return oneLine(value).slice(0, max).trim();
}
