import ical from "ical-generator";
import { brand } from "#app/content/brand.ts";
import { portalReview } from "#app/content/portal-review.ts";
import { fill } from "#app/shared/text.ts";

/** One post of a client's posting schedule (issue 39): an approved video, where and when. */
export interface ScheduledPost {
  /** The post's stable id (its row's): the event's UID is made from it and nothing else. */
  id: string;
  /** TikTok, Instagram Reels, YouTube Shorts, LinkedIn… */
  platform: string;
  /** The planned moment (ms since the epoch, UTC). */
  at: number;
  /** The IANA zone it was planned in ("Europe/Berlin"): said in the event, never guessed. */
  timeZone: string;
  caption: string;
  hashtags: readonly string[];
  /** The video's title (the request's). */
  videoTitle: string;
  /** The request's stable link in the portal (it always opens the latest version). */
  requestUrl: string;
  /** When the post last changed: the event's DTSTAMP and LAST-MODIFIED. */
  updatedAt: number;
  /** Bumped each time the post's time or words change: the event's SEQUENCE. */
  revision: number;
}

/** How long a post's event lasts in a calendar: a slot to publish in, not a point. */
export const postSlotMinutes = 15;

/**
 * A client's posting schedule as an iCalendar feed (RFC 5545, by `ical-generator`; decision
 * 0090). One VEVENT per post: UID `post-<id>@<brand domain>`, the same on every fetch, so a
 * calendar app updates a moved post rather than adding it twice; DTSTART in UTC (the instant is
 * what is stored; every app shows it in its reader's own zone, and no VTIMEZONE is needed), the
 * planned local time and zone said in the description with the caption, the hashtags and the
 * request's link (also the event's URL). Nothing in it depends on the clock: the same posts give
 * the same bytes.
 */
export function postingCalendar(clientName: string, posts: readonly ScheduledPost[]): string {
  const words = portalReview.calendar;
  const calendar = ical({
    name: fill(words.name, { client: clientName }),
    prodId: { company: brand.name, product: "Posting schedule", language: "EN" },
  });
  for (const post of posts) {
    const start = new Date(post.at);
    if (Number.isNaN(start.getTime())) throw new RangeError(`Post ${post.id} has no time`);
    const planned = plannedTime(post.at, post.timeZone);
    const tags = hashtagLine(post.hashtags);
    calendar.createEvent({
      id: `post-${post.id}@${brand.domain}`,
      start,
      end: new Date(post.at + postSlotMinutes * 60_000),
      stamp: new Date(post.updatedAt),
      lastModified: new Date(post.updatedAt),
      sequence: post.revision,
      summary: fill(words.summary, { platform: post.platform, title: post.videoTitle }),
      description: [
        post.caption,
        ...(tags ? [tags] : []),
        fill(words.plannedAt, { time: planned, zone: post.timeZone }),
        fill(words.link, { url: post.requestUrl }),
      ].join("\n\n"),
      url: new URL(post.requestUrl).href,
    });
  }
  // RFC 5545 ends every content line with CRLF, the last one too (ical-generator leaves it off).
  return calendar.toString().replace(/(\r\n)?$/, "\r\n");
}

/** "Tue, 1 Dec 2026, 17:00" in the post's own zone (a zone Intl does not know: RangeError). */
function plannedTime(at: number, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone,
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(new Date(at));
}

/** "#launch #behindthescenes": each tag one word with its #, empty ones left out. */
function hashtagLine(hashtags: readonly string[]): string {
  return hashtags
    .map((tag) => tag.replace(/\s+/g, "").replace(/^#+/, ""))
    .filter((tag) => tag.length > 0)
    .map((tag) => `#${tag}`)
    .join(" ");
}
