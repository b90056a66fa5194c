import type { SendMailOptions } from "nodemailer";
import { site } from "#app/shared/site.ts";
import { fill } from "#app/shared/text.ts";
import type { Config } from "../config.ts";
import type { AlertKind } from "../db/notify-kinds.ts";
import type { Delivery } from "../db/schema.ts";
import { alertFacts, alertNotice } from "./chat/notice.ts";
import { type ChatConfig, configuredChannels } from "./chat/send-chat.ts";
import { mailDomain } from "./messages.ts";

/**
 * Where an alert goes when a delivery fails for good: ALERT_EMAIL, and every configured chat
 * channel, each its own delivery (so a failing SMTP server does not hold back the Slack alert,
 * nor a failing Slack the email). See docs/decisions/0041-delivery-failure-alerts.md.
 */
export function alertKindsFor(config: ChatConfig): AlertKind[] {
  return ["alert_email", ...configuredChannels(config).map((kind) => `alert_${kind}` as const)];
}

/**
 * The alert email: plain text, to ALERT_EMAIL. It names the application's id, the delivery that
 * failed and the class of error; never an answer. Its Message-ID depends only on the alert, so
 * a repeat after a crash is recognisable.
 */
export function alertEmail(
  alert: Delivery,
  config: Pick<Config, "MAIL_FROM" | "ALERT_EMAIL"> & Partial<Pick<Config, "PUBLIC_SITE_URL">>,
  options: { inboxLive?: boolean } = {},
): SendMailOptions {
  const facts = alertFacts(alert);
  const notice = alertNotice(alert, { siteUrl: config.PUBLIC_SITE_URL ?? "", ...options });
  const text = [
    notice.summary,
    "",
    ...notice.facts.map((fact) => `${fact.label}: ${fact.value}`),
    "",
    ...notice.lines,
    ...(notice.link ? ["", `${notice.link.text}: ${notice.link.url}`] : []),
  ].join("\n");
  return {
    from: config.MAIL_FROM,
    to: config.ALERT_EMAIL,
    subject: fill(site.notifications.alert.subject, facts),
    messageId: `<${alert.id}.alert@${mailDomain(config.MAIL_FROM)}>`,
    text: `${text}\n`,
  };
}
