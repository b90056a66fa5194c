import type { SendMailOptions } from "nodemailer";
import { emails } from "#app/content/emails.ts";
import type { Config } from "../config.ts";
import { linkEmail } from "../mail/link-email.ts";

/** The sign-in email: a link to the page with the "Sign in" button (it does not sign in itself). */
export function signInEmail(
  to: string,
  link: string,
  config: Pick<Config, "MAIL_FROM">,
): SendMailOptions {
  return linkEmail(emails.signIn, { from: config.MAIL_FROM, to, link });
}
