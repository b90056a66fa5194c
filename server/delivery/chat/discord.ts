import type { ChatChannel } from "./channel.ts";
import { discordText } from "./escape.ts";
import type { Notice } from "./notice.ts";
import { postJson } from "./post.ts";

/** The brand's violet, as Discord wants a colour: an integer. */
const violet = 0x8b5cf6;

/**
 * A Discord webhook message: `content` for notifications (our words), one embed with the facts.
 * Every text goes through Discord's markdown escape, and `allowed_mentions` with an empty
 * `parse` list means that nothing in it can ping anyone.
 */
export function discordMessage(notice: Notice) {
  return {
    content: discordText(notice.summary),
    embeds: [
      {
        title: discordText(notice.title),
        ...(notice.link && { url: notice.link.url }),
        ...(notice.lines.length > 0 && {
          description: notice.lines.map((line) => discordText(line)).join("\n"),
        }),
        color: violet,
        fields: notice.facts.map((fact) => ({
          name: discordText(fact.label),
          value: discordText(fact.value),
          inline: true,
        })),
        timestamp: notice.time,
      },
    ],
    allowed_mentions: { parse: [] },
  };
}

/**
 * The webhook URL with `wait=true`: Discord then answers only once the message is posted (or
 * refused, with a 4xx), instead of 204 before it checked anything.
 */
export function discordPostUrl(webhookUrl: string): string {
  const url = new URL(webhookUrl);
  url.searchParams.set("wait", "true");
  return url.toString();
}

/** The Discord channel: its variable, and how a notice is posted to it. */
export const discordChannel = {
  name: "discord",
  variable: "DISCORD_WEBHOOK_URL",
  post: (url, notice) =>
    postJson(discordPostUrl(url), discordMessage(notice), { service: "Discord" }),
} as const satisfies ChatChannel;
