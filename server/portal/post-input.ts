import { portalSchedule } from "#app/content/portal-schedule.ts";
import type { PostField } from "#app/shared/schedule-port.ts";
import { fill, forbiddenCharacters, hasFormattingCharacters } from "#app/shared/text.ts";

const words = portalSchedule.post.errors;
const limits = portalSchedule.limits;
const dayMs = 24 * 60 * 60 * 1000;

/** A post as the team's form gives it, checked: what is stored. */
export interface PostInput {
  platform: string;
  at: number;
  timeZone: string;
  caption: string;
  /** "#launch #bts": normalised, each once. */
  hashtags: string;
}

/** The canonical name of an IANA zone Intl knows ("europe/berlin" → "Europe/Berlin"), or undefined. */
export function knownTimeZone(zone: string): string | undefined {
  if (zone.length === 0 || zone.length > limits.timeZoneMax || !/^[A-Za-z0-9_+\-/]+$/.test(zone)) {
    return undefined;
  }
  try {
    return new Intl.DateTimeFormat("en-GB", { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** The date ("2026-12-01") and time ("17:00") of an instant in a zone. */
export function localParts(at: number, timeZone: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(new Date(at))
      .map((part) => [part.type, part.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
}

/**
 * The instant a wall-clock date and time is in a zone; undefined when it does not exist there
 * (the hour skipped when clocks go forward). A time that comes twice (clocks going back) is
 * its first.
 */
export function instantOf(date: string, time: string, timeZone: string): number | undefined {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const [h, min] = time.split(":").map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, h, min);
  const offsetAt = (at: number) => {
    const { date: ld, time: lt } = localParts(at, timeZone);
    const [ly, lm, lday] = ld.split("-").map(Number) as [number, number, number];
    const [lh, lmin] = lt.split(":").map(Number) as [number, number];
    return Date.UTC(ly, lm - 1, lday, lh, lmin) - Math.floor(at / 60_000) * 60_000;
  };
  // Both offsets around the wall time: the earlier instant that reads as it wins.
  const candidates = [
    wall - offsetAt(wall - dayMs),
    wall - offsetAt(wall + dayMs),
    wall - offsetAt(wall),
  ]
    .filter((at) => {
      const back = localParts(at, timeZone);
      return back.date === date && back.time === time;
    })
    .sort((a, b) => a - b);
  return candidates[0];
}

/** Hashtags typed (spaces or commas between, # or not): normalised `#tag`s, or the first problem. */
export function readHashtags(
  typed: string,
): { ok: true; tags: string[] } | { ok: false; error: string } {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of typed.split(/[\s,]+/)) {
    if (raw === "") continue;
    const tag = raw.replace(/^#+/, "");
    if (!/^[\p{L}\p{M}\p{N}_]{1,50}$/u.test(tag) || tag.length > limits.hashtagMax) {
      return { ok: false, error: fill(words.hashtag, { tag: raw.slice(0, 60) }) };
    }
    if (seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(`#${tag}`);
  }
  if (tags.length > limits.hashtagsMax) {
    return { ok: false, error: fill(words.hashtagsMany, { count: tags.length }) };
  }
  return { ok: true, tags };
}

/** The team's post form read and checked: the post, or a sentence per field (nothing stored). */
export function readPostForm(
  form: URLSearchParams,
  now: number,
): { ok: true; post: PostInput } | { ok: false; fieldErrors: Partial<Record<PostField, string>> } {
  const errors: Partial<Record<PostField, string>> = {};
  const get = (name: string) => (form.get(name) ?? "").trim();
  const platform = get("platform");
  if (!(portalSchedule.platforms as readonly string[]).includes(platform)) {
    errors.platform = words.platform;
  }
  const date = get("date");
  const dateOk =
    /^\d{4}-\d{2}-\d{2}$/.test(date) &&
    !Number.isNaN(Date.parse(`${date}T00:00:00Z`)) &&
    new Date(`${date}T00:00:00Z`).toISOString().startsWith(date);
  if (!dateOk) errors.date = words.date;
  const time = get("time");
  const timeOk = /^([01]\d|2[0-3]):[0-5]\d$/.test(time);
  if (!timeOk) errors.time = words.time;
  const timeZone = knownTimeZone(get("timeZone"));
  if (!timeZone) errors.timeZone = words.timeZone;
  const caption = (form.get("caption") ?? "").replace(/\r\n?/g, "\n").trim();
  if (caption === "") errors.caption = words.caption;
  else if (caption.length > limits.captionMax) {
    errors.caption = fill(words.captionLong, { length: caption.length });
  } else if (forbiddenCharacters.test(caption) || hasFormattingCharacters(caption)) {
    errors.caption = words.characters;
  }
  const hashtags = readHashtags((form.get("hashtags") ?? "").slice(0, 5000));
  if (!hashtags.ok) errors.hashtags = hashtags.error;
  let at: number | undefined;
  if (dateOk && timeOk && timeZone) {
    at = instantOf(date, time, timeZone);
    if (at === undefined) errors.time = fill(words.gap, { time, date, zone: timeZone });
    else if (at < now - limits.backDays * dayMs || at > now + limits.aheadDays * dayMs) {
      errors.date = words.dateRange;
    }
  }
  if (Object.keys(errors).length > 0 || at === undefined || !timeZone || !hashtags.ok) {
    return { ok: false, fieldErrors: errors };
  }
  return { ok: true, post: { platform, at, timeZone, caption, hashtags: hashtags.tags.join(" ") } };
}
