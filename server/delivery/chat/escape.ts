/**
 * What an applicant typed, made safe for each chat format: it can never mention anyone, make a
 * link or change the layout of the message. The rules and their sources are in
 * docs/decisions/0040-chat-notifications-and-escaping.md.
 */

/** An invisible space: breaks a pattern without changing what a reader sees. */
const zwsp = "\u200b";

/** Characters kept although they are format characters: the joiner inside emoji sequences. */
const keptFormat = new Set(["\u200d"]);

/**
 * One line of text: format characters (bidi overrides, zero-width spaces…) removed, every run
 * of whitespace (line breaks, tabs) one space, at most `max` characters. Never empty: a field
 * that cleans up to nothing shows a dash (Discord refuses empty field values).
 */
export function plainLine(text: string, max = 200): string {
  const line = text
    .replace(/\p{Cf}/gu, (char) => (keptFormat.has(char) ? char : ""))
    .replace(/[\s\p{Cc}\p{Zl}\p{Zp}]+/gu, " ")
    .trim();
  const capped = [...line].slice(0, max).join("");
  return capped.length < line.length ? `${capped}…` : capped || "—";
}

/**
 * Breaks, with an invisible space, what chat apps turn into something other than text:
 * `@everyone`, `@here`, `@channel` and `@user` (after every `@`), bare links and addresses
 * (after a `.` inside a name, after the `:` of `https://`, after the `@` of an email),
 * `:emoji:` codes, and the `{{DATE(…)}}` functions of Adaptive Cards.
 */
export function defuse(text: string): string {
  return text
    .replace(/@(?=\S)/g, `@${zwsp}`)
    .replace(/\.(?=[\p{L}\p{N}])/gu, `.${zwsp}`)
    .replace(/:(?=\S)/g, `:${zwsp}`)
    .replace(/\{(?=\{)/g, `{${zwsp}`);
}

const slackEntities: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;" };

/**
 * For any Slack text object (plain_text included): `&`, `<` and `>` as entities, the three
 * control characters Slack reads (`<!channel>`, `<@U…>`, `<url|text>` need them).
 */
export function slackText(text: string): string {
  return defuse(plainLine(text)).replace(/[&<>]/g, (char) => slackEntities[char] ?? char);
}

/**
 * For Discord markdown (content, embed fields): a backslash before every ASCII punctuation
 * mark, Discord's escape for markdown (`*_~|#->[]()`), mentions (`<@…>`, `@everyone`),
 * emoji codes and masked links.
 */
export function discordText(text: string): string {
  return defuse(plainLine(text)).replace(/[!-/:-@[-`{-~]/g, "\\$&");
}

/** For a TextRun of an Adaptive Card (Teams): plain text, no markdown to escape; defused. */
export function teamsText(text: string): string {
  return defuse(plainLine(text));
}
