import type { ChatChannel } from "./channel.ts";
import { teamsText } from "./escape.ts";
import type { Notice } from "./notice.ts";
import { postJson } from "./post.ts";

/** A TextRun: `text` escaped, then `after` (our punctuation) appended as is. */
const textRun = (text: string, style: Record<string, string> = {}, after = "") => ({
  type: "TextRun",
  text: `${teamsText(text)}${after}`,
  ...style,
});

/**
 * A Teams Workflows webhook message: one Adaptive Card (1.4). Text is laid out in
 * RichTextBlocks of TextRuns, which Adaptive Cards never read as markdown (a TextBlock or a
 * FactSet would), so what an applicant typed stays text.
 */
export function teamsMessage(notice: Notice) {
  return {
    type: "message",
    attachments: [
      {
        contentType: "application/vnd.microsoft.card.adaptive",
        contentUrl: null,
        content: {
          $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
          type: "AdaptiveCard",
          version: "1.4",
          body: [
            {
              type: "RichTextBlock",
              inlines: [textRun(notice.title, { size: "Large", weight: "Bolder" })],
            },
            ...notice.facts.map((fact) => ({
              type: "RichTextBlock",
              inlines: [textRun(fact.label, { weight: "Bolder" }, ": "), textRun(fact.value)],
            })),
            ...notice.lines.map((line) => ({ type: "RichTextBlock", inlines: [textRun(line)] })),
          ],
          ...(notice.link && {
            actions: [{ type: "Action.OpenUrl", title: notice.link.text, url: notice.link.url }],
          }),
        },
      },
    ],
  };
}

/** The Teams channel: its variable, and how a notice is posted to it. */
export const teamsChannel = {
  name: "teams",
  variable: "TEAMS_WEBHOOK_URL",
  post: (url, notice) => postJson(url, teamsMessage(notice), { service: "Teams" }),
} as const satisfies ChatChannel;
