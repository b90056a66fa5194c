import { chat } from "#app/content/chat.ts";
import { portalCuts } from "#app/content/portal-cuts.ts";
import { portalCutPath, teamRequestPath } from "#app/shared/paths.ts";
import { fill } from "#app/shared/text.ts";
import { type FrameRate, frameToTimecode, parseFrameRate } from "#app/shared/timecode.ts";
import type { Member } from "../../db/members.ts";
import { commentBatchOf, type NoticeComment } from "../../db/portal/comment-notices.ts";
import { chatChannels } from "../chat/channels.ts";
import type { Notice } from "../chat/notice.ts";
import { ownerText } from "../chat/owner-text.ts";
import { mailDomain } from "../messages.ts";
import { configuredNames, noticeOptions, onDemandChatKind } from "./chat.ts";
import type { KindConfig } from "./kind.ts";
import { mailEach, onDemandEmailKind, toldByDelivery } from "./on-demand-email.ts";

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
  return onDemandEmailKind(name, batches, async (batch, job, context) => {
    const { config, mailer } = context;
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
    const text = [
      ...batch.comments.map((c) => `- ${commentLine(c)}`),
      "",
      `${words.open}: ${link}`,
      "",
    ].join("\n");
    if (!toTeam) return mailEach(context, job, "team-comments", batch.emails, { subject, text });
    await mailer.send({
      from: config.MAIL_FROM,
      to: job.owner ? job.owner.email : config.TEAM_EMAIL,
      subject,
      // One per delivery: a repeat after a crash is recognisable by its receiver.
      messageId: `<${job.delivery.id}.client-comments@${mailDomain(config.MAIL_FROM)}>`,
      text,
    });
  });
}

export const clientCommentsEmailKind = commentsEmailKind("client_comments_email", "client");
export const teamCommentsEmailKind = commentsEmailKind("team_comments_email", "team");

/** The comments a notice on a chat channel quotes, one fact each (the rest are counted). */
const chatShown = 5;

/**
 * The client's comments on the team's chat channel: our words in the heading, preview and
 * count; the client, the owner and each comment as facts (escaped and cut to a line by every
 * chat format); the team's page of the first comment's request.
 */
export function clientCommentsNotice(
  batch: NonNullable<Awaited<ReturnType<typeof commentBatchOf>>>,
  owner: Pick<Member, "name" | "email"> | undefined,
  options: { siteUrl: string; now?: number },
): Notice {
  const words = portalCuts.notices;
  const count = batch.comments.length;
  const [first] = batch.comments;
  const path = first ? teamRequestPath(batch.clientId, first.requestId) : "";
  return {
    title: words.chatTitle,
    summary: count === 1 ? words.chatSummaryOne : fill(words.chatSummaryMany, { count }),
    facts: [
      { label: words.clientFact, value: batch.clientName },
      { label: chat.application.ownerLabel, value: ownerText(owner) },
      ...batch.comments
        .slice(0, chatShown)
        .map((comment) => ({ label: words.commentFact, value: commentLine(comment) })),
    ],
    lines: count > chatShown ? [fill(words.more, { count: count - chatShown })] : [],
    link: { text: words.open, url: `${options.siteUrl.replace(/\/+$/, "")}${path}` },
    time: new Date(options.now ?? Date.now()).toISOString(),
  };
}

/** The client's comments on each chat channel set up, for the whole team to see. */
export const chatClientCommentsKinds = chatChannels.map((channel) =>
  onDemandChatKind(
    "client_comments",
    channel,
    async (job, context) =>
      clientCommentsNotice(
        await batches.of(job, context),
        job.owner ?? undefined,
        noticeOptions(context.config),
      ),
    batches.skipReason,
  ),
);

/** The notices of the client's comments this configuration makes: the email, each chat set up. */
export function clientCommentsKinds(config: KindConfig): string[] {
  return configuredNames([clientCommentsEmailKind, ...chatClientCommentsKinds], config);
}
