import type { Config } from "../config.ts";
import type { Delivery, Submission } from "../db/schema.ts";
import type { Mailer } from "./mailer.ts";
import { applicantConfirmation, teamNotification } from "./messages.ts";
import { sendWebhook } from "./webhook.ts";

/** Sends one delivery of a submission; throws when it did not go out (to be retried). */
export function createSender(
  config: Pick<
    Config,
    "MAIL_FROM" | "TEAM_EMAIL" | "CONTACT_EMAIL" | "WEBHOOK_URL" | "WEBHOOK_SECRET"
  >,
  mailer: Mailer,
) {
  return async (delivery: Delivery, submission: Submission): Promise<void> => {
    switch (delivery.kind) {
      case "team_notification":
        return mailer.send(await teamNotification(submission, config));
      case "applicant_confirmation":
        return mailer.send(await applicantConfirmation(submission, config));
      case "webhook":
        if (!config.WEBHOOK_URL || !config.WEBHOOK_SECRET) {
          throw new Error("WEBHOOK_URL is not set");
        }
        return sendWebhook(submission, {
          url: config.WEBHOOK_URL,
          secret: config.WEBHOOK_SECRET,
          deliveryId: delivery.id,
        });
    }
  };
}
