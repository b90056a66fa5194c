/**
 * The rules of a reply written on an application's page, shared by the page (which shows the
 * message beneath its field) and the server's action (which decides). The subject becomes a
 * header line: a line break there would let the text write headers of its own (header
 * injection), so it is refused, not cleaned.
 */
import { team } from "../content/team.ts";
import { invisibleCharactersMessage } from "./schema.ts";
import { forbiddenCharacters } from "./text.ts";

export const replySubjectMaxLength = 200;
export const replyBodyMaxLength = 10_000;
/** A draft's idempotency key: a UUID as the page makes one (at most 64 characters of these). */
export const replyKeyPattern = /^[A-Za-z0-9_-]{16,64}$/;

const copy = team.application.reply;

/** Anything that may not stand in a header line: C0 (CR, LF, tab…), DEL, C1, U+2028/2029. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const notOneLine = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

export interface Reply {
  subject: string;
  body: string;
}

/** As it will be stored and sent: trimmed, line breaks as LF (browsers post CRLF). */
export function normalizeReply(reply: Reply): Reply {
  return {
    subject: reply.subject.trim(),
    body: reply.body.replace(/\r\n?/g, "\n").trim(),
  };
}

/** What is wrong with a (normalised) reply, and in which field; undefined when it may go. */
export function replyProblem(
  reply: Reply,
): { field: "subject" | "body"; message: string } | undefined {
  const { subject, body } = reply;
  if (!subject) return { field: "subject", message: copy.subjectEmpty };
  if (notOneLine.test(subject) || forbiddenCharacters.test(subject)) {
    return { field: "subject", message: copy.subjectOneLine };
  }
  if (subject.length > replySubjectMaxLength) {
    return { field: "subject", message: copy.subjectTooLong };
  }
  if (!body) return { field: "body", message: copy.bodyEmpty };
  // Line feeds and tabs are text; any other control character is not (CR is gone already).
  if (forbiddenCharacters.test(body) || body.includes("\r")) {
    return { field: "body", message: invisibleCharactersMessage };
  }
  if (body.length > replyBodyMaxLength) return { field: "body", message: copy.bodyTooLong };
  return undefined;
}
