/**
 * Why a reply was not sent: a message came or went in its thread after the page was loaded
 * ("Dan replied 2 minutes ago", "Maya (applicant) wrote 2 minutes ago"). Pure: the server
 * says it, the tests read it, `now` handed in.
 */
import { team } from "../content/team.ts";
import { fill, oneLine } from "./text.ts";

const copy = team.application.reply.stale;

/** The newest message a reply had not seen, as the thread stores it. */
export interface UnseenMessage {
  direction: "in" | "out";
  fromName: string;
  fromAddress: string;
  memberEmail: string | null;
  flag: string | null;
  createdAt: number;
}

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/** How long ago, in words: "just now", "1 minute ago", "5 minutes ago", "2 hours ago", "3 days ago". */
export function agoText(ms: number): string {
  const words = copy.ago;
  if (ms < minute) return words.now;
  const [one, many, unit] =
    ms < hour
      ? [words.minute, words.minutes, minute]
      : ms < day
        ? [words.hour, words.hours, hour]
        : [words.day, words.days, day];
  const count = Math.floor(ms / unit);
  return count === 1 ? one : fill(many, { count: String(count) });
}

/** The sentence that says who wrote since the page was loaded, and when. */
export function staleReplyMessage(message: UnseenMessage, now: number): string {
  const ago = agoText(Math.max(0, now - message.createdAt));
  if (message.direction === "out") {
    const name = oneLine(message.fromName) || message.memberEmail || message.fromAddress;
    return fill(copy.ours, { name, ago });
  }
  if (message.flag === "automatic" || message.flag === "ours") return fill(copy.automatic, { ago });
  const name = oneLine(message.fromName) || message.fromAddress;
  return fill(message.flag === "sender" ? copy.otherAddress : copy.theirs, { name, ago });
}
