import { chat } from "#app/content/chat.ts";
import { withinResponsePromise } from "#app/content/service.ts";
import { utcText } from "#app/shared/response-clock.ts";
import { fill } from "#app/shared/text.ts";
import type { Member } from "../../db/members.ts";
import type { Application } from "../../db/schema.ts";
import { applicationLink } from "./inbox-link.ts";
import type { Notice } from "./notice.ts";
import { ownerText } from "./owner-text.ts";

/**
 * A reminder before an application is due, or the alert that its promise was missed: the
 * plan, the owner, the due time and a link; of what the applicant typed, only their name (a
 * fact, escaped by every format).
 */
export function promiseNotice(
  which: "reminder" | "missed",
  application: Application,
  owner: Pick<Member, "name" | "email"> | undefined,
  options: { siteUrl: string },
): Notice & { subject: string } {
  const copy = chat[which];
  const due = utcText(Number(application.dueAt));
  const values = {
    plan: application.selectedPlan,
    owner: owner?.name ?? chat.application.unassigned,
    due,
    promise: withinResponsePromise,
  };
  return {
    title: copy.title,
    subject: fill(copy.subject, values),
    summary: fill(copy.summary, values),
    facts: [
      { label: "Name", value: application.name },
      { label: "Plan", value: application.selectedPlan },
      { label: chat.application.ownerLabel, value: ownerText(owner) },
      { label: chat.application.dueLabel, value: due },
    ],
    lines: [fill(copy.line, values)],
    link: {
      text: chat.application.inboxLink,
      url: applicationLink(options.siteUrl, application.id),
    },
    time: new Date(Number(application.dueAt)).toISOString(),
  };
}
