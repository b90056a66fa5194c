import type { Config } from "../../config.ts";
import { type ChatKind, chatKinds, isAlertKind } from "../../db/notify-kinds.ts";
import type { Delivery, Submission } from "../../db/schema.ts";
import { DeliveryError } from "../error-class.ts";
import { discordMessage, discordPostUrl } from "./discord.ts";
import { alertNotice, applicationNotice, type Notice } from "./notice.ts";
import { postJson } from "./post.ts";
import { slackMessage } from "./slack.ts";
import { teamsMessage } from "./teams.ts";

/** The webhook URLs (each optional), and the site's address for links to the inbox. */
export type ChatConfig = Partial<
  Pick<
    Config,
    "SLACK_WEBHOOK_URL" | "DISCORD_WEBHOOK_URL" | "TEAMS_WEBHOOK_URL" | "PUBLIC_SITE_URL"
  >
>;

const channels: Record<
  ChatKind,
  {
    variable: "SLACK_WEBHOOK_URL" | "DISCORD_WEBHOOK_URL" | "TEAMS_WEBHOOK_URL";
    post: (url: string, notice: Notice) => Promise<string>;
  }
> = {
  slack: {
    variable: "SLACK_WEBHOOK_URL",
    post: (url, notice) => postJson(url, slackMessage(notice), { service: "Slack" }),
  },
  discord: {
    variable: "DISCORD_WEBHOOK_URL",
    post: (url, notice) =>
      postJson(discordPostUrl(url), discordMessage(notice), { service: "Discord" }),
  },
  teams: {
    variable: "TEAMS_WEBHOOK_URL",
    post: (url, notice) => postJson(url, teamsMessage(notice), { service: "Teams" }),
  },
};

/** The chat channels with a webhook URL set, in a fixed order. */
export function configuredChannels(config: ChatConfig): ChatKind[] {
  return chatKinds.filter((kind) => Boolean(config[channels[kind].variable]));
}

/** The channel a chat delivery goes to: `slack` for both `slack` and `alert_slack`. */
export function channelOf(kind: string): ChatKind | undefined {
  const channel = kind.replace(/^alert_/, "");
  return (chatKinds as readonly string[]).includes(channel) ? (channel as ChatKind) : undefined;
}

/**
 * Sends a chat delivery: an application's announcement (`slack`, `discord`, `teams`) or an
 * alert (`alert_slack`…). Throws a DeliveryError when it did not go out.
 */
export function createChatSender(config: ChatConfig, options: { inboxLive?: boolean } = {}) {
  const noticeOptions = { siteUrl: config.PUBLIC_SITE_URL ?? "", inboxLive: options.inboxLive };
  return async (delivery: Delivery, submission: Submission): Promise<void> => {
    const channel = channelOf(delivery.kind);
    if (!channel) throw new Error(`not a chat delivery: ${delivery.kind}`);
    const { variable, post } = channels[channel];
    const url = config[variable];
    if (!url) throw new DeliveryError(`${variable} is not set`, "not_configured");
    const notice = isAlertKind(delivery.kind)
      ? alertNotice(delivery, noticeOptions)
      : applicationNotice(submission, noticeOptions);
    await post(url, notice);
  };
}
