import type { SendMailOptions } from "nodemailer";
import { chat } from "#app/content/chat.ts";
import { fill } from "#app/shared/text.ts";
import type { Config } from "../config.ts";
import type { LimitNotice } from "./limits.ts";

/** "1.5 MB", "30": a limit's number as the team reads it. */
function limitValue(notice: LimitNotice): string {
  if (!/bytes/.test(notice.limit)) return String(notice.value);
  return `${Math.round((notice.value / (1024 * 1024)) * 10) / 10} MB`;
}

/**
 * The email that tells the team a limit of mail coming in refused mail (once per limit and
 * period): to ALERT_EMAIL (TEAM_EMAIL unless set). It names the limit and how to raise it, never a
 * sender or a word of the mail.
 */
export function limitNoticeEmail(
  notice: LimitNotice,
  config: Pick<Config, "MAIL_FROM" | "ALERT_EMAIL">,
): SendMailOptions {
  const copy = chat.inboundLimit;
  const limit = copy.limits[notice.limit];
  const text = [
    fill(copy.summary, {
      limit,
      value: limitValue(notice),
      until: new Date(notice.until)
        .toISOString()
        .replace(/:\d\d\.\d+Z$/, " UTC")
        .replace("T", " "),
    }),
    "",
    notice.kind === "rate" ? copy.rate : copy.quota,
    fill(copy.raise, { variable: notice.variable }),
    "",
  ].join("\n");
  return {
    from: config.MAIL_FROM,
    to: config.ALERT_EMAIL,
    subject: fill(copy.subject, { limit }),
    text,
  };
}
