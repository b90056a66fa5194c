import { portal } from "#app/content/portal.ts";
import { teamCutsPath } from "#app/shared/paths.ts";
import { fill } from "#app/shared/text.ts";
import type { TurnNoticeFacts } from "../../db/portal/request-clock.ts";
import type { Notice } from "./notice.ts";
import { ownerText } from "./owner-text.ts";

const copy = portal.clock;

/** The clock's two notices: the editor's reminder before a cut is due, the team's alert after. */
export type ClockNotice = "reminder" | "missed";

/** "first cut" or "revision of v2", and the due time in UTC ("2026-11-30 10:00 UTC"). */
export function clockWords(facts: Pick<TurnNoticeFacts, "turn" | "dueAt">) {
  const turn =
    facts.turn === 0
      ? copy.firstCut.toLowerCase()
      : fill(copy.revision, { number: String(facts.turn) }).toLowerCase();
  const due = `${new Date(facts.dueAt).toISOString().replace("T", " ").slice(0, 16)} UTC`;
  return { turn, due };
}

/**
 * The plan's clock's notice as every channel says it (decision 0093): a subject and summary
 * naming the client, the facts (client, request, cut, editor, due) and the link to Cuts due.
 * Client and request are what the client typed: in the facts (escaped by every chat format)
 * and the email's subject, never a chat message's heading or preview.
 */
export function cutClockNotice(
  facts: TurnNoticeFacts,
  which: ClockNotice,
  options: { siteUrl: string; now?: number },
): Notice & { subject: string; sentence: string } {
  const { turn, due } = clockWords(facts);
  const values = { client: facts.clientName, title: facts.title, turn, due };
  const reminder = which === "reminder";
  return {
    subject: fill(reminder ? copy.reminderSubject : copy.missedSubject, values),
    sentence: fill(reminder ? copy.reminderSummary : copy.missedSummary, values),
    title: reminder ? copy.reminderTitle : copy.missedTitle,
    summary: reminder ? copy.reminderPreview : copy.missedPreview,
    facts: [
      { label: portal.footageNotice.clientLabel, value: facts.clientName },
      { label: portal.footageNotice.requestLabel, value: facts.title },
      { label: copy.turnFact, value: turn },
      { label: copy.editorFact, value: facts.editor ? ownerText(facts.editor) : copy.noEditor },
      { label: copy.dueFact, value: due },
    ],
    lines: [],
    link: { text: copy.link, url: `${options.siteUrl.replace(/\/+$/, "")}${teamCutsPath}` },
    time: new Date(options.now ?? Date.now()).toISOString(),
  };
}
