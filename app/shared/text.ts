/**
 * Text rules shared by the form, the intake service, the emails and the CLI: which characters an
 * answer may not hold, and how text is made safe for a header line or a terminal.
 */

/**
 * Control characters other than tab, line feed and carriage return (C0, DEL, C1) and unpaired
 * UTF-16 surrogates. Nobody types them; stored, they break CSV exports and terminals, and
 * PostgreSQL refuses a NUL outright. (No lookbehind and no `u` flag: older Safari.)
 */
export const forbiddenCharacters =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?:^|[^\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Bidirectional controls (U+202A–202E, U+2066–2069) and zero-width characters (U+200B–200F,
 * U+FEFF). They reorder or hide text: "Refund pending" can be made to read otherwise in the
 * team's email and in the CSV export. A zero-width joiner inside an emoji sequence (👩‍🍳) is
 * the emoji itself and stays: such joiners are taken out before looking.
 */
const formattingCharacters = /[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/;
const emojiJoiner =
  /\p{Extended_Pictographic}[\u{1f3fb}-\u{1f3ff}\ufe0f]?\u200d(?=\p{Extended_Pictographic})/gu;

/** True when `value` holds a bidirectional control or a zero-width character (emoji aside). */
export function hasFormattingCharacters(value: string): boolean {
  return formattingCharacters.test(value.replace(emojiJoiner, ""));
}

/** The formatting characters, or (kept, as `$1`) an emoji's joiner: for taking the first out. */
const formattingOrJoiner = new RegExp(
  `(${emojiJoiner.source})|${formattingCharacters.source}`,
  "gu",
);

/**
 * `value` without its bidirectional controls and zero-width characters (emoji keep their
 * joiners): text from outside that is shown but cannot be refused, such as a sender's name or
 * a subject that came in by mail.
 */
export function withoutFormattingCharacters(value: string): string {
  return value.replace(formattingOrJoiner, "$1");
}

/** The bidirectional embeddings, overrides and isolates alone (U+202A–202E, U+2066–2069). */
const bidiControls = /[\u202a-\u202e\u2066-\u2069]/g;

/**
 * `value` without the controls that reorder what follows them: for a longer text from outside
 * (a message's body), where zero-width marks and joiners belong to some languages' writing.
 */
export function withoutBidiControls(value: string): string {
  return value.replace(bidiControls, "");
}

/** What may not stand in a header or a subject line: C0 (CR, LF, tab…), DEL, U+2028/2029. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const lineBreaking = /[\u0000-\u001f\u007f\u2028\u2029]+/g;

/** What a terminal would act on: C0 (escape sequences, CR, LF), DEL, C1, U+2028/2029. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const terminalControls = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/**
 * Fills `{name}`-style placeholders of the copy in app/content/, in one pass (a value that
 * holds `{…}` stays as it is); unknown ones stay as written.
 */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => String(values[key] ?? match));
}

/** Text for a header or a subject line: control characters (CR, LF, tab…) become spaces. */
export function oneLine(value: string): string {
  return value.replace(lineBreaking, " ").trim();
}

/** Text safe for a terminal: control characters (escape sequences, CR, LF) become spaces. */
export function printable(value: string): string {
  return value.replace(terminalControls, " ");
}

/**
 * 5000 → "5,000", the same on the server and in every browser. Not toLocaleString: its first
 * call loads ICU's number formats, 22–36 ms of main thread while the questionnaire hydrates (a
 * long task on a phone).
 */
export const withThousands = (count: number) => String(count).replace(/\B(?=(\d{3})+$)/g, ",");
