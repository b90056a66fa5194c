import { portalCuts } from "#app/content/portal-cuts.ts";
import { portalCutPath, teamRequestPath } from "#app/shared/paths.ts";
import { fill } from "#app/shared/text.ts";
import { type FrameRate, frameToTimecode, parseFrameRate } from "#app/shared/timecode.ts";
import { commentBatchOf, type NoticeComment } from "../../db/portal/comment-notices.ts";
import { mailDomain } from "../messages.ts";
import { onDemandEmailKind, toldByDelivery } from "./on-demand-email.ts";

/** The most comments one notice quotes (the rest are counted). */
const shown = 50;
/** A comment's first characters in a notice. */
const quoted = 300;

const batches = toldByDelivery(
  "comment notice",
  (database, deliveryId) => commentBatchOf(database, deliveryId, shown),
  "the comments are no longer there",
);

/** "v2 · 00:00:01:00–00:00:02:00 · Ana: the text" */
export function commentLine(comment: NoticeComment): string {
  const rate = (parseFrameRate(comment.frameRate ?? "") ?? { num: 30, den: 1 }) as FrameRate;
  const at =
    comment.frameIn === null
      ? ""
      : comment.frameOut === null
        ? frameToTimecode(comment.frameIn, rate)
        : `${frameToTimecode(comment.frameIn, rate)}–${frameToTimecode(comment.frameOut, rate)}`;
  const body = comment.body.length > quoted ? `${comment.body.slice(0, quoted)}…` : comment.body;
  return [`“${comment.requestTitle}” v${comment.version}`, at, `${comment.authorName}: ${body}`]
    .filter(Boolean)
    .join(" · ")
    .replace(/\s+/g, " ");
}

/** Whose comments a notice tells: the client's go to the team, the team's to the client. */
type Side = "client" | "team";

/**
 * The other side's new comments, told in batches (decision 0091), each comment quoted with a
 * link to the request's page. The client's comments and decisions: one email to the owner of
 * the client's application (TEAM_EMAIL without one), linking the team's page. The team's: one
 * email to each person of the client, linking the first comment's request's stable link. Made
 * by the job comment-notices.
 */
function commentsEmailKind<Name extends `${Side}_comments_email`>(name: Name, side: Side) {
  return onDemandEmailKind(name, batches, async (batch, job, { config, mailer }) => {
    const toTeam = side === "client";
    const [first] = batch.comments;
    const path =
      first &&
      (toTeam ? teamRequestPath(batch.clientId, first.requestId) : portalCutPath(first.requestId));
    const link = path ? new URL(path, config.PUBLIC_SITE_URL).toString() : "";
    const words = portalCuts.notices;
    const count = batch.comments.length;
    const subject = toTeam
      ? fill(words.toTeamSubject, { client: batch.clientName, count })
      : fill(words.toClientSubject, { count });
    const to = toTeam ? [job.owner ? job.owner.email : config.TEAM_EMAIL] : batch.emails;
    const text = [
      ...batch.comments.map((c) => `- ${commentLine(c)}`),
      "",
      `${words.open}: ${link}`,
      "",
    ].join("\n");
    for (const [index, email] of to.entries()) {
      // One per delivery (and person): a repeat after a crash is recognisable by its receiver.
      const id = toTeam ? job.delivery.id : `${job.delivery.id}.${index}`;
      await mailer.send({
        from: config.MAIL_FROM,
        to: email,
        subject,
        messageId: `<${id}.${side}-comments@${mailDomain(config.MAIL_FROM)}>`,
        text,
      });
    }
  });
}

export const clientCommentsEmailKind = commentsEmailKind("client_comments_email", "client");
export const teamCommentsEmailKind = commentsEmailKind("team_comments_email", "team");
