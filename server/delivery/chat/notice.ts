import { chat } from "#app/content/chat.ts";
import { emails } from "#app/content/emails.ts";
import { team } from "#app/content/team.ts";
import { utcText } from "#app/shared/response-clock.ts";
import type { FieldName } from "#app/shared/schema.ts";
import { fill } from "#app/shared/text.ts";
import { labelledAnswers } from "../../answers/labelled-answers.ts";
import type { Member } from "../../db/members.ts";
import type { Application, Delivery } from "../../db/schema.ts";
import { type ErrorClass, errorClasses } from "../error-class.ts";
import { applicationLink } from "./inbox-link.ts";
import { ownerText } from "./owner-text.ts";

/**
 * What a chat message says, before a format (Slack, Discord, Teams) lays it out. Only `facts`
 * values may hold what an applicant typed; every format escapes them.
 */
export interface Notice {
  /** Our words: the heading. */
  title: string;
  /** Our words only (never the applicant's): the text of notifications and previews. */
  summary: string;
  facts: { label: string; value: string }[];
  /** Our words: sentences under the facts. */
  lines: string[];
  link?: { text: string; url: string };
  /** When it happened (ISO 8601). */
  time: string;
}

/** Who applied, for which plan, platform and audience: the answers the team triages by. */
const announcedFields: FieldName[] = [
  "name",
  "accountHandle",
  "selectedPlan",
  "primaryPlatform",
  "audienceSize",
];

export function applicationNotice(
  application: Application,
  options: { siteUrl: string; owner?: Pick<Member, "name" | "email"> | null },
): Notice {
  const copy = chat.application;
  const answers = labelledAnswers(application);
  const answer = (field: FieldName) => answers.find((a) => a.field === field)?.value ?? "";
  const url = applicationLink(options.siteUrl, application.id);
  return {
    title: copy.title,
    summary: fill(copy.summary, {
      plan: answer("selectedPlan"),
      platform: answer("primaryPlatform"),
      audience: answer("audienceSize"),
    }),
    facts: [
      ...announcedFields.map((field) => ({
        label: answers.find((a) => a.field === field)?.label ?? field,
        value: answer(field),
      })),
      { label: copy.ownerLabel, value: ownerText(options.owner ?? undefined) },
      ...(application.dueAt === null
        ? []
        : [{ label: copy.dueLabel, value: utcText(Number(application.dueAt)) }]),
      { label: emails.team.idLabel, value: application.id },
    ],
    lines: [],
    link: { text: copy.inboxLink, url },
    time: new Date(application.createdAt).toISOString(),
  };
}

/** What an alert says of the delivery that failed: never an answer, only ids and classes. */
export function alertFacts(alert: Delivery) {
  const copy = chat.alert;
  const errorClass: ErrorClass = errorClasses.includes(alert.alertForError as ErrorClass)
    ? (alert.alertForError as ErrorClass)
    : "other";
  return {
    id: alert.submissionId,
    kind: team.deliveryKinds[alert.alertForKind ?? ""]?.noun ?? alert.alertForKind ?? "delivery",
    errorClass,
    reason: `${errorClass}: ${copy.errors[errorClass]}`,
  };
}

export function alertNotice(alert: Delivery, options: { siteUrl: string }): Notice {
  const copy = chat.alert;
  const facts = alertFacts(alert);
  const url = applicationLink(options.siteUrl, alert.submissionId);
  return {
    title: copy.title,
    summary: fill(copy.summary, facts),
    facts: [
      { label: copy.applicationLabel, value: facts.id },
      { label: copy.kindLabel, value: facts.kind },
      { label: copy.errorLabel, value: facts.reason },
    ],
    lines: [copy.safe, fill(copy.retry, facts)],
    link: { text: chat.application.inboxLink, url },
    time: new Date(alert.createdAt).toISOString(),
  };
}
