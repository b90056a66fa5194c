import { z } from "zod";
import { isLoopbackHost } from "../http/loopback-host.ts";
import { type ChatVariable, chatChannels } from "./chat/channels.ts";

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
  /** Each chat channel's webhook URL (SLACK_WEBHOOK_URL…; server/delivery/chat/channels.ts). */
  ...(Object.fromEntries(
    chatChannels.map((channel) => [channel.variable, chatWebhookUrl]),
  ) as Record<ChatVariable, typeof chatWebhookUrl>),
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
