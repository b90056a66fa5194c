import { z } from "zod";

/** 127.0.0.0/8, ::1 and localhost: the only hosts a chat webhook may be reached over plain http. */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === "localhost" || hostname === "[::1]" || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/**
 * A chat webhook URL: absent, or an https:// URL (http:// only to a loopback host, for tests and
 * local relays). The URL carries the webhook's secret, so the message never repeats it.
 */
const chatWebhookUrl = z
  .string()
  .optional()
  .transform((value, context) => {
    const text = value?.trim();
    if (!text) return undefined;
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      context.addIssue({ code: "custom", message: "is not a URL (expected https://…)" });
      return z.NEVER;
    }
    const loopbackHttp = url.protocol === "http:" && isLoopbackHost(url.hostname);
    if (url.protocol !== "https:" && !loopbackHttp) {
      context.addIssue({
        code: "custom",
        message: "must be an https:// URL (plain http only to 127.0.0.1 or localhost)",
      });
      return z.NEVER;
    }
    return text;
  });

/**
 * The variables of chat notifications, failure alerts and /metrics, spread into the schema of
 * server/config.ts.
 */
export const notifyVariables = {
  /** Slack incoming webhook: https://hooks.slack.com/services/T…/B…/… */
  SLACK_WEBHOOK_URL: chatWebhookUrl,
  /** Discord channel webhook: https://discord.com/api/webhooks/<id>/<token> */
  DISCORD_WEBHOOK_URL: chatWebhookUrl,
  /** Microsoft Teams Workflows webhook ("When a Teams webhook request is received"). */
  TEAMS_WEBHOOK_URL: chatWebhookUrl,
  /** Who is told when a delivery fails for good; unset: TEAM_EMAIL. */
  ALERT_EMAIL: z.email().optional(),
  /** Turns /metrics on, behind `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined)
    .pipe(z.string().min(16, "must be at least 16 characters").optional()),
};

/** What the parsed variables become once defaults that depend on others are filled in. */
export interface NotifyDerived {
  ALERT_EMAIL: string;
}

export function notifyDerived(config: { ALERT_EMAIL?: string; TEAM_EMAIL: string }): NotifyDerived {
  return { ALERT_EMAIL: config.ALERT_EMAIL ?? config.TEAM_EMAIL };
}
