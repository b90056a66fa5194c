import { brand } from "#app/content/brand.ts";
import { emails } from "#app/content/emails.ts";
import { fill, oneLine } from "#app/shared/text.ts";
import { messageOfDelivery } from "../../db/messages.ts";
import { mailDomain } from "../../mail/mail-domain.ts";
import { replyAddress } from "../../mail/reply-address.ts";
import { DeliveryError } from "../error-class.ts";
import type { DeliveryKind } from "./kind.ts";
import { replyTagSecret } from "./reply-tag-secret.ts";

/**
 * A reply a member wrote on the application's page (the team's action stored it, with this
 * delivery, in one transaction): plain text, From "<member> via <brand>" at the team's address,
 * Reply-To the application's own reply address (reply+<id>.<tag>@REPLY_DOMAIN, so that the
 * answer finds its thread), the Message-ID recorded with it, and In-Reply-To / References the
 * message of theirs it answers. Its message gone (the application erased since): failed for
 * good, never sent.
 */
export const replyEmailKind = {
  name: "reply_email",
  made: "on-demand",
  configured: () => true,
  async send({ delivery, application }, { config, mailer, database }) {
    if (!database) throw new Error("the reply kind needs the database");
    const message = await messageOfDelivery(database.db, delivery.id);
    if (!message || message.submissionId !== application.id) {
      throw new DeliveryError(
        "reply message not found (its application was erased)",
        "submission_missing",
        { permanent: true },
      );
    }
    const secret = await replyTagSecret(database);
    const domain = config.replyDomain ?? mailDomain(config.MAIL_FROM);
    const references = message.inReplyTo ?? undefined;
    await mailer.send({
      from: {
        name: fill(emails.reply.fromName, { member: oneLine(message.fromName), brand: brand.name }),
        address: message.fromAddress,
      },
      to: { name: oneLine(application.name), address: message.toAddress },
      replyTo: replyAddress(secret, application.id, domain),
      subject: oneLine(message.subject),
      messageId: message.messageId ?? undefined,
      inReplyTo: references,
      references,
      text: message.body,
    });
  },
} as const satisfies DeliveryKind;
