import nodemailer, { type SendMailOptions } from "nodemailer";
import type { ReactElement } from "react";
import { emails } from "#app/content/emails.ts";
import { unknownVisit } from "#app/shared/application-source.ts";
import { exampleAnswers } from "#app/shared/fields.ts";
import { fill, oneLine } from "#app/shared/text.ts";
import type { Config } from "../config.ts";
import type { Owner } from "../db/deliveries/claims.ts";
import type { Application } from "../db/schema.ts";
import { taggedMessageId } from "../mail/product-message-ids.ts";
import { renderEmail, toPlainText } from "../mail/render-email.ts";
import { applicantConfirmationEmail } from "./applicant-confirmation-email.ts";
import { teamNotificationEmail } from "./team-notification-email.ts";

/** HTML and its plain-text version (converted from the HTML: one React render per email). */
function bodies(element: ReactElement) {
  const html = renderEmail(element);
  return { html, text: toPlainText(html) };
}

export type MailConfig = Pick<Config, "MAIL_FROM" | "TEAM_EMAIL" | "CONTACT_EMAIL">;

import { mailDomain } from "../mail/mail-domain.ts";

export { mailDomain };

/**
 * A Message-ID that depends only on the application, the kind of message and the instance's
 * secret: sending it again after a crash yields the same ID, so mail systems (and our tests)
 * can tell it is a repeat. Its tag is the proof a reply to it carries (decision 0063).
 */
export function messageId(
  applicationId: string,
  kind: "team" | "confirmation",
  from: string,
  secret: string,
) {
  return taggedMessageId(secret, applicationId, kind, mailDomain(from));
}

/** The team's notification: to TEAM_EMAIL, Reply-To the applicant. */
export async function teamNotification(
  application: Application,
  config: MailConfig,
  owner: Owner | null,
  secret: string,
): Promise<SendMailOptions> {
  const element = teamNotificationEmail(application, owner);
  const name = oneLine(application.name);
  return {
    from: config.MAIL_FROM,
    to: config.TEAM_EMAIL,
    replyTo: { name, address: application.email },
    subject: fill(emails.team.subject, { name, plan: application.selectedPlan }),
    messageId: messageId(application.id, "team", config.MAIL_FROM, secret),
    ...bodies(element),
  };
}

/** The applicant's confirmation: to the applicant, Reply-To the contact address. */
export async function applicantConfirmation(
  application: Application,
  config: MailConfig,
  secret: string,
): Promise<SendMailOptions> {
  const element = applicantConfirmationEmail(application, config.CONTACT_EMAIL);
  return {
    from: config.MAIL_FROM,
    to: { name: oneLine(application.name), address: application.email },
    replyTo: config.CONTACT_EMAIL,
    subject: fill(emails.confirmation.subject, { plan: application.selectedPlan }),
    messageId: messageId(application.id, "confirmation", config.MAIL_FROM, secret),
    ...bodies(element),
  };
}

/**
 * Renders and builds both emails once for a made-up applicant, so the first real delivery does
 * not pay for cold code (tens of milliseconds on the event loop that answers visitors).
 */
export async function warmUpEmails(config: MailConfig): Promise<void> {
  const sample = {
    id: "00000000-0000-4000-8000-000000000000",
    ...exampleAnswers(),
    name: "Warm Up",
    email: "warm-up@example.com",
    createdAt: Date.now(),
    ipHash: "",
    userAgent: "",
    isSpam: 0,
    idempotencyKey: null,
    status: "new",
    idempotencyHash: null,
    ownerId: null,
    dueAt: null,
    firstResponseAt: null,
    newReply: 0,
    ...unknownVisit,
  } satisfies Application;
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true });
  await builder.sendMail(await teamNotification(sample, config, null, "warm-up"));
  await builder.sendMail(await applicantConfirmation(sample, config, "warm-up"));
  builder.close();
}
