import addressparser from "nodemailer/lib/addressparser";

/**
 * The address of a mailbox as MAIL_FROM may be written ("Name <x@domain>" or "x@domain"),
 * parsed as nodemailer parses it; the text itself when nothing parses.
 */
export function addressOf(mailbox: string): string {
  const [first] = addressparser(mailbox, { flatten: true });
  return first?.address || mailbox.trim();
}
