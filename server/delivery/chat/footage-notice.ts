import { chat } from "#app/content/chat.ts";
import { portal } from "#app/content/portal.ts";
import { clipLength } from "#app/shared/clip-length.ts";
import { teamRequestPath } from "#app/shared/paths.ts";
import { fill, oneLine } from "#app/shared/text.ts";
import type { Member } from "../../db/members.ts";
import type { NoticeBatch, NoticeFile } from "../../db/portal/upload-notices.ts";
import { footageMinutes } from "../../media/footage-minutes.ts";
import type { Notice } from "./notice.ts";
import { ownerText } from "./owner-text.ts";

const copy = portal.footageNotice;

/** A file's name as the client's device gave it, never a path: what follows its last slash. */
export function shownName(displayName: string): string {
  const name = oneLine(displayName.split(/[\\/]/).pop() ?? "").trim();
  return name || copy.unnamed;
}

/** "clip.mp4 (0:03)", or with the plan's minutes flag when it is over. */
function fileLine(file: NoticeFile, plan: string): string {
  const name = shownName(file.displayName);
  if (file.durationMs === null) return fill(copy.file, { name, length: copy.unknownLength });
  const length = clipLength(file.durationMs);
  const minutes = footageMinutes(file.durationMs, plan);
  return minutes.over
    ? fill(copy.fileOver, { name, length, minutes: minutes.minutes, cap: minutes.capMinutes })
    : fill(copy.file, { name, length });
}

/**
 * "New footage from <client>": a batch of a request's finished files, for the owner of the
 * client's application: which client, which request, each file's name, length and the plan's
 * minutes flag, and the request's page (its footage, where the cut goes). Client, request and names are what the client typed:
 * facts only (escaped by every chat format), never the summary.
 */
export function footageNotice(
  batch: NoticeBatch,
  owner: Pick<Member, "name" | "email"> | undefined,
  options: { siteUrl: string; now?: number },
): Notice & { subject: string; fileLines: string[] } {
  const count = batch.total;
  const fileLines = batch.files.map((file) => fileLine(file, batch.plan));
  if (count > batch.files.length) {
    fileLines.push(fill(copy.more, { count: count - batch.files.length }));
  }
  const client = oneLine(batch.clientName);
  const [first] = batch.files;
  return {
    title: copy.title,
    subject:
      count === 1 && first
        ? fill(copy.subjectOne, { client, name: shownName(first.displayName) })
        : fill(copy.subjectMany, { client, count }),
    summary: count === 1 ? copy.summaryOne : fill(copy.summaryMany, { count }),
    facts: [
      { label: copy.clientLabel, value: batch.clientName },
      { label: copy.requestLabel, value: batch.requestTitle },
      { label: copy.filesLabel, value: fileLines.join("; ") },
      { label: chat.application.ownerLabel, value: ownerText(owner) },
    ],
    lines: [],
    link: {
      text: copy.link,
      url: `${options.siteUrl.replace(/\/+$/, "")}${teamRequestPath(batch.clientId, batch.requestId)}`,
    },
    time: new Date(options.now ?? Date.now()).toISOString(),
    fileLines,
  };
}
