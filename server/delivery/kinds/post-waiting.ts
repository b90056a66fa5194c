import { portalSchedule } from "#app/content/portal-schedule.ts";
import { portalPaths, scheduleQuery } from "#app/shared/paths.ts";
import { fill } from "#app/shared/text.ts";
import { type PostNotice, postNoticeOf } from "../../db/portal/post-notices.ts";
import { mailEach, onDemandEmailKind, toldByDelivery } from "./on-demand-email.ts";

/** A caption's first characters in the email. */
const quoted = 300;

/**
 * The post this delivery tells of, as it is now. Skipped when the client approved it
 * meanwhile, or the team changed it again (the job tells that revision once its edits end).
 */
const posts = toldByDelivery(
  "post-waiting email",
  postNoticeOf,
  "the post is no longer there",
  (post) =>
    post.revision !== post.toldRevision
      ? "the post changed again: the next email tells it"
      : post.approvedRevision === post.revision
        ? "the client approved the post already"
        : undefined,
);

/** "Tuesday, 1 December 2026 at 17:30 (Europe/Berlin)": the post's time in its own zone. */
export function postWhen(post: Pick<PostNotice, "at" | "timeZone">): string {
  const local = new Intl.DateTimeFormat("en-GB", {
    timeZone: post.timeZone,
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(post.at);
  return `${local} (${post.timeZone})`;
}

/** The post's day in its own zone (YYYY-MM-DD): the week the link opens. */
const postDay = (post: Pick<PostNotice, "at" | "timeZone">) =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone: post.timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(post.at);

/**
 * "A post of <title> waits for your approval" by email to every person of the client
 * (decision 0100), one message each, with the platform, the time in the post's zone, the
 * caption's start and a link to the week of the client's schedule that shows it. Made by the
 * portal's job post-notices, once per revision.
 */
export const postWaitingEmailKind = onDemandEmailKind(
  "post_waiting_email",
  posts,
  async (post, job, context) => {
    const { config } = context;
    if (!config.PUBLIC_SITE_URL) throw new Error("the post-waiting email needs PUBLIC_SITE_URL");
    const words = portalSchedule.email;
    const link = new URL(
      `${portalPaths.schedule}${scheduleQuery("week", postDay(post))}`,
      config.PUBLIC_SITE_URL,
    ).toString();
    // Cut by characters, never inside one (an emoji is two UTF-16 units).
    const characters = [...post.caption];
    const caption =
      characters.length > quoted ? `${characters.slice(0, quoted).join("")}…` : post.caption;
    await mailEach(context, job, "post-waiting", post.emails, {
      subject: fill(words.subject, { title: post.title }),
      text: [
        fill(words.intro, { client: post.clientName, title: post.title }),
        "",
        `${words.platform}: ${post.platform}`,
        `${words.when}: ${postWhen(post)}`,
        `${words.caption}: ${caption}`,
        "",
        `${words.open}: ${link}`,
        "",
      ].join("\n"),
    });
  },
);
