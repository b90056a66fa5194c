import { chat } from "#app/content/chat.ts";
import { fill, oneLine } from "#app/shared/text.ts";
import type { Member } from "../../db/members.ts";
import type { Application } from "../../db/schema.ts";
import { applicationLink } from "./inbox-link.ts";
import type { Notice } from "./notice.ts";
import { ownerText } from "./owner-text.ts";

/**
 * "New reply from <name>": an applicant answered, for the application's owner. Of what the
 * applicant typed, only their name (a fact, escaped by every format); never the reply itself.
 */
export function replyNotice(
  application: Application,
  owner: Pick<Member, "name" | "email"> | undefined,
  options: { siteUrl: string; now?: number },
): Notice & { subject: string } {
  const copy = chat.reply;
  return {
    title: copy.title,
    subject: fill(copy.subject, { name: oneLine(application.name) }),
    summary: fill(copy.summary, { plan: application.selectedPlan }),
    facts: [
      { label: "Name", value: application.name },
      { label: "Plan", value: application.selectedPlan },
      { label: chat.application.ownerLabel, value: ownerText(owner) },
    ],
    lines: [copy.line],
    link: {
      text: chat.application.inboxLink,
      url: applicationLink(options.siteUrl, application.id),
    },
    time: new Date(options.now ?? Date.now()).toISOString(),
  };
}
