import MailComposer from "nodemailer/lib/mail-composer";
import type Mail from "nodemailer/lib/mailer";

/**
 * A raw message as a mail client sends it (nodemailer's MailComposer): a reply from an
 * applicant by default, `options` on top. For the tests of the inbound feature.
 */
export function rawMessage(options: Mail.Options = {}): Promise<Buffer> {
  return new MailComposer({
    from: "Maya Chen <maya@example.org>",
    subject: "Re: Your application",
    text: "Thanks, Tuesday works for me.\n\nOn Mon, 23 Nov 2026, Reelsmith wrote:\n> When can we talk?\n",
    ...options,
  })
    .compile()
    .build();
}
