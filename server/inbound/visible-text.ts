import EmailReplyParser from "email-reply-parser";

/** How much of a body the quote finder reads (its expressions are not linear on every input). */
const readChars = 64 * 1024;

/**
 * What a reply says, without the quoted history below it ("On Monday, … wrote:" and the `>`
 * lines) nor the signature: what the thread shows, the whole body a click away. A body that is
 * nothing but a quote shows whole, so nothing is ever hidden by accident.
 */
export function visibleText(body: string): string {
  const head = body.slice(0, readChars);
  const visible = new EmailReplyParser().read(head).getVisibleText().trim();
  return visible || head.trim();
}
