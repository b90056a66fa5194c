import ical, { type VEvent } from "node-ical";
import { afterEach, expect, it, vi } from "vitest";
import { postingCalendar, type ScheduledPost } from "./posting-calendar.ts";

const post = (id: string, extra: Partial<ScheduledPost>): ScheduledPost => ({
  id,
  platform: "TikTok",
  at: Date.UTC(2026, 11, 1, 16, 0),
  timeZone: "Europe/Berlin",
  caption: "New drop",
  hashtags: [],
  videoTitle: "Launch teaser",
  requestUrl: `https://reelsmith.example/portal/requests/${id}`,
  updatedAt: Date.UTC(2026, 10, 28, 12, 0),
  revision: 0,
  ...extra,
});

const posts: ScheduledPost[] = [
  post("p1", {
    caption: "New drop; tomorrow, 9am\r\nBEGIN:VEVENT\r\nUID:evil",
    hashtags: ["launch", "#bts", " ", "behind the scenes"],
    revision: 2,
  }),
  post("p2", {
    platform: "Instagram Reels",
    videoTitle: "Studio tour",
    // The night New York's clocks go back: 01:30 comes twice, an hour apart.
    at: Date.UTC(2026, 10, 1, 5, 30),
    timeZone: "America/New_York",
  }),
  post("p3", {
    platform: "YouTube Shorts",
    videoTitle: "Studio tour",
    at: Date.UTC(2026, 10, 1, 6, 30),
    timeZone: "America/New_York",
  }),
];

function events(feed: string): VEvent[] {
  return Object.values(ical.sync.parseICS(feed)).filter(
    (component): component is VEvent => component?.type === "VEVENT",
  );
}

afterEach(() => {
  vi.useRealTimers();
});

it("holds every post, read back by node-ical, at its exact time with its stable UID", () => {
  const feed = postingCalendar("Mia Chen Studio", posts);
  const read = events(feed).sort((a, b) => a.uid.localeCompare(b.uid));
  expect(
    read.map((event) => [
      event.uid,
      event.start.toISOString(),
      event.end?.toISOString(),
      event.summary,
    ]),
  ).toEqual([
    [
      "post-p1@reelsmith.example",
      "2026-12-01T16:00:00.000Z",
      "2026-12-01T16:15:00.000Z",
      "TikTok: Launch teaser",
    ],
    [
      "post-p2@reelsmith.example",
      "2026-11-01T05:30:00.000Z",
      "2026-11-01T05:45:00.000Z",
      "Instagram Reels: Studio tour",
    ],
    [
      "post-p3@reelsmith.example",
      "2026-11-01T06:30:00.000Z",
      "2026-11-01T06:45:00.000Z",
      "YouTube Shorts: Studio tour",
    ],
  ]);
  // node-ical gives URL;VALUE=URI as its value with the parameters.
  const url = (value: unknown) => (value as { val?: string }).val ?? value;
  expect(read.map((event) => url(event.url))).toEqual(posts.map((p) => p.requestUrl));
  expect(read[0]?.description).toBe(
    [
      "New drop; tomorrow, 9am\nBEGIN:VEVENT\nUID:evil",
      "#launch #bts #behindthescenes",
      "Planned for Tue, 1 Dec 2026, 17:00 (Europe/Berlin)",
      "In the portal: https://reelsmith.example/portal/requests/p1",
    ].join("\n\n"),
  );
  // Two posts at 01:30 New York time, an hour apart: the feed keeps them apart.
  expect(read[1]?.description).toContain("Planned for Sun, 1 Nov 2026, 01:30 (America/New_York)");
  expect(read[2]?.description).toContain("Planned for Sun, 1 Nov 2026, 01:30 (America/New_York)");
  expect(feed).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*\r\nEND:VCALENDAR\r\n$/);
  expect(feed).toContain("\r\nSEQUENCE:2\r\n");
  expect(feed).toContain("\r\nX-WR-CALNAME:Posting schedule: Mia Chen Studio\r\n");
});

it("gives the same bytes whenever it is asked: nothing in it comes from the clock", () => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.UTC(2026, 10, 28, 9, 0));
  const first = postingCalendar("Mia Chen Studio", posts);
  vi.setSystemTime(Date.UTC(2027, 0, 5, 18, 30));
  expect(postingCalendar("Mia Chen Studio", posts)).toBe(first);
});

it("keeps a post's UID when it moves, and tells the move by its SEQUENCE", () => {
  const moved = postingCalendar("Mia Chen Studio", [
    { ...posts[0]!, at: Date.UTC(2026, 11, 2, 16, 0), revision: 3 },
  ]);
  const [event] = events(moved);
  expect(event?.uid).toBe("post-p1@reelsmith.example");
  expect(event?.start.toISOString()).toBe("2026-12-02T16:00:00.000Z");
  expect(moved).toContain("\r\nSEQUENCE:3\r\n");
});

it("is an empty calendar without posts, and refuses a zone or a time that is none", () => {
  expect(events(postingCalendar("Mia Chen Studio", []))).toEqual([]);
  expect(() => postingCalendar("x", [post("p9", { timeZone: "Mars/Base" })])).toThrow(RangeError);
  expect(() => postingCalendar("x", [post("p9", { at: Number.NaN })])).toThrow(RangeError);
});
