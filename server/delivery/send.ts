import type { Config } from "../config.ts";
import type { Delivery, Submission } from "../db/schema.ts";
import { alertEmail } from "./alerts.ts";
import { type ChatConfig, createChatSender } from "./chat/send-chat.ts";
import type { Mailer } from "./mailer.ts";
import { applicantConfirmation, teamNotification } from "./messages.ts";
import { sendWebhook } from "./webhook.ts";

/** What chat messages and alerts need besides the mail settings. */
export type NotifyConfig = ChatConfig & Partial<Pick<Config, "ALERT_EMAIL">>;

/** Sends one delivery of a submission; throws when it did not go out (to be retried). */
export function createSender(
  config: Pick<
    Config,
    "MAIL_FROM" | "TEAM_EMAIL" | "CONTACT_EMAIL" | "WEBHOOK_URL" | "WEBHOOK_SECRET"
  > &
    NotifyConfig,
  mailer: Mailer,
) {
  const sendChat = createChatSender(config);
  return async (delivery: Delivery, submission: Submission): Promise<void> => {
    switch (delivery.kind) {
      case "alert_email":
        return mailer.send(
          alertEmail(delivery, { ...config, ALERT_EMAIL: config.ALERT_EMAIL ?? config.TEAM_EMAIL }),
        );
      case "slack":
      case "discord":
      case "teams":
      case "alert_slack":
      case "alert_discord":
      case "alert_teams":
        return sendChat(delivery, submission);
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
