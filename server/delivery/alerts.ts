import type { SendMailOptions } from "nodemailer";
import { chat } from "#app/content/chat.ts";
import { fill } from "#app/shared/text.ts";
import type { Config } from "../config.ts";
import type { Delivery } from "../db/schema.ts";
import { alertFacts, alertNotice, type Notice } from "./chat/notice.ts";
import { mailDomain } from "./messages.ts";

/**
 * The alert email: plain text, to ALERT_EMAIL. It names the application's id, the delivery that
 * failed and the class of error; never an answer. Its Message-ID depends only on the alert, so
 * a repeat after a crash is recognisable.
 */
export function alertEmail(
  alert: Delivery,
  config: Pick<Config, "MAIL_FROM" | "ALERT_EMAIL"> & Partial<Pick<Config, "PUBLIC_SITE_URL">>,
): SendMailOptions {
  const facts = alertFacts(alert);
  const notice = alertNotice(alert, { siteUrl: config.PUBLIC_SITE_URL ?? "" });
  return {
    from: config.MAIL_FROM,
    to: config.ALERT_EMAIL,
    subject: fill(chat.alert.subject, facts),
    messageId: `<${alert.id}.alert@${mailDomain(config.MAIL_FROM)}>`,
    text: noticeText(notice),
  };
}

/** A notice as the plain text of an email: summary, facts, lines, link. */
export function noticeText(notice: Notice): string {
  const text = [
    notice.summary,
    "",
    ...notice.facts.map((fact) => `${fact.label}: ${fact.value}`),
    "",
    ...notice.lines,
    ...(notice.link ? ["", `${notice.link.text}: ${notice.link.url}`] : []),
  ].join("\n");
  return `${text}\n`;
}
