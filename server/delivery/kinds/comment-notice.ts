import { portalCuts } from "#app/content/portal-cuts.ts";
import { portalCutPath, teamRequestPath } from "#app/shared/paths.ts";
import { fill } from "#app/shared/text.ts";
import { type FrameRate, frameToTimecode, parseFrameRate } from "#app/shared/timecode.ts";
import { commentBatchOf, type NoticeComment } from "../../db/portal/comment-notices.ts";
import { mailDomain } from "../messages.ts";
import type { DeliveryJob, DeliveryKind, SendContext } from "./kind.ts";

/** The most comments one notice quotes (the rest are counted). */
const shown = 50;
/** A comment's first characters in a notice. */
const quoted = 300;

async function batchOf({ delivery }: DeliveryJob, { database }: SendContext) {
  if (!database) throw new Error("the comment notice needs the database");
  return commentBatchOf(database, delivery.id, shown);
}

async function skipReason(job: DeliveryJob, context: SendContext) {
  return (await batchOf(job, context)) ? undefined : "the comments are no longer there";
}

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

/**
 * The client's new comments and decisions, told to the team in batches (decision 0091): one
 * email to the owner of the client's application (TEAM_EMAIL without one), with each comment
 * and a link to the request's page. Made by the job comment-notices.
 */
export const clientCommentsEmailKind = {
  name: "client_comments_email",
  made: "on-demand",
  configured: () => true,
  skipReason,
  async send(job, context) {
    const { config, mailer } = context;
    const batch = await batchOf(job, context);
    if (!batch) throw new Error("the comments are no longer there");
    const [first] = batch.comments;
    const link = first
      ? new URL(teamRequestPath(batch.clientId, first.requestId), config.PUBLIC_SITE_URL).toString()
      : "";
    const words = portalCuts.notices;
    await mailer.send({
      from: config.MAIL_FROM,
      to: job.owner ? job.owner.email : config.TEAM_EMAIL,
      subject: fill(words.toTeamSubject, {
        client: batch.clientName,
        count: batch.comments.length,
      }),
      messageId: `<${job.delivery.id}.client-comments@${mailDomain(config.MAIL_FROM)}>`,
      text: [
        ...batch.comments.map((c) => `- ${commentLine(c)}`),
        "",
        `${words.open}: ${link}`,
        "",
      ].join("\n"),
    });
  },
} as const satisfies DeliveryKind<"client_comments_email">;

/**
 * The team's new comments, told to every person of the client in batches (one message each),
 * with the stable link of the first comment's request. Made by the job comment-notices.
 */
export const teamCommentsEmailKind = {
  name: "team_comments_email",
  made: "on-demand",
  configured: () => true,
  skipReason,
  async send(job, context) {
    const { config, mailer } = context;
    const batch = await batchOf(job, context);
    if (!batch) throw new Error("the comments are no longer there");
    const [first] = batch.comments;
    const link = first
      ? new URL(portalCutPath(first.requestId), config.PUBLIC_SITE_URL).toString()
      : "";
    const words = portalCuts.notices;
    for (const [index, email] of batch.emails.entries()) {
      await mailer.send({
        from: config.MAIL_FROM,
        to: email,
        subject: fill(words.toClientSubject, { count: batch.comments.length }),
        messageId: `<${job.delivery.id}.${index}.team-comments@${mailDomain(config.MAIL_FROM)}>`,
        text: [
          ...batch.comments.map((c) => `- ${commentLine(c)}`),
          "",
          `${words.open}: ${link}`,
          "",
        ].join("\n"),
      });
    }
  },
} as const satisfies DeliveryKind<"team_comments_email">;
