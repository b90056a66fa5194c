import type { ChatChannel } from "./channel.ts";
import { slackText } from "./escape.ts";
import type { Notice } from "./notice.ts";
import { postJson } from "./post.ts";

/** Slack allows at most 10 fields in a section: five label/value rows. */
const rowsPerSection = 5;

/**
 * A Slack incoming-webhook message: `text` for notifications (our words only), `blocks` for the
 * layout. Labels are mrkdwn (ours, bold); every value is `plain_text`, which Slack never reads
 * as formatting, mentions or links, and is escaped besides (see escape.ts).
 */
export function slackMessage(notice: Notice) {
  const plain = (text: string) => ({ type: "plain_text", text: slackText(text), emoji: false });
  const rows = notice.facts.map((fact) => [
    { type: "mrkdwn", text: `*${slackText(fact.label)}*`, verbatim: true },
    plain(fact.value),
  ]);
  const sections = [];
  for (let start = 0; start < rows.length; start += rowsPerSection) {
    sections.push({ type: "section", fields: rows.slice(start, start + rowsPerSection).flat() });
  }
  return {
    text: slackText(notice.summary),
    blocks: [
      { type: "header", text: plain(notice.title) },
      ...sections,
      ...notice.lines.map((line) => ({ type: "section", text: plain(line) })),
      ...(notice.link
        ? [
            {
              type: "actions",
              elements: [{ type: "button", text: plain(notice.link.text), url: notice.link.url }],
            },
          ]
        : []),
    ],
    unfurl_links: false,
    unfurl_media: false,
  };
}

/** The Slack channel: its variable, and how a notice is posted to it. */
export const slackChannel = {
  name: "slack",
  variable: "SLACK_WEBHOOK_URL",
  post: (url, notice) => postJson(url, slackMessage(notice), { service: "Slack" }),
} as const satisfies ChatChannel;
