import ical, { type VEvent } from "node-ical";
import { describe, expect, it } from "vitest";
import { loggablePath } from "#app/shared/paths.ts";
import type { PortalPerson } from "#app/shared/portal-port.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { eraseClientRows } from "../db/portal/client-erase.ts";
import { describeEachBackend, migratedDatabase } from "../test/backends.ts";
import { clientWithRequest } from "../test/portal.ts";
import { approvedVersion, postForm } from "../test/schedule.ts";
import { isFeedPath } from "./guard.ts";
import { instantOf, readHashtags, readPostForm } from "./post-input.ts";
import { createSchedule, hashFeedToken } from "./schedule.ts";

/** Saturday 28 November 2026, noon UTC. */
const now = Date.UTC(2026, 10, 28, 12);
const site = "http://localhost:3000";

const form = postForm;

function events(feed: string): VEvent[] {
  return Object.values(ical.sync.parseICS(feed)).filter(
    (component): component is VEvent => component?.type === "VEVENT",
  );
}

async function setUp(database: DatabaseHandle) {
  const clock = { now };
  const schedule = createSchedule({
    database,
    feedKey: "a test key of the server, never in the database",
    siteUrl: site,
    now: () => clock.now,
  });
  const a = await clientWithRequest(database, { name: "Ana Studio", title: "Spring launch" });
  const b = await clientWithRequest(database, { name: "Bo Bakery", title: "Bread at dawn" });
  const person = (client: { clientId: string }, name: string): PortalPerson => ({
    personId: `person-${name}`,
    clientId: client.clientId,
    email: `${name}@example.com`,
    clientName: name,
    plan: "Creator",
  });
  return {
    schedule,
    a,
    b,
    ana: schedule.forClient(person(a, "ana")),
    bo: schedule.forClient(person(b, "bo")),
    tokenOf: (url: string) =>
      new URL(url).pathname.replace(/^\/portal\/feeds\//, "").replace(/\.ics$/, ""),
  };
}

describeEachBackend("the posting schedule on $name", (backend) => {
  it("the team writes a post, the client approves it once the video is, and the feed holds exactly the approved revision", async () => {
    const { database } = await migratedDatabase(backend);
    const { schedule, a, ana, tokenOf } = await setUp(database);
    const { team } = schedule;

    expect(await team.savePost(a.clientId, a.requestId, form({}), "ed@team.example")).toEqual({
      ok: true,
      revision: 1,
      changed: true,
    });
    const page = await team.postPage(a.clientId, a.requestId);
    expect(page?.post).toMatchObject({
      platform: "TikTok",
      at: Date.UTC(2026, 11, 1, 16, 0),
      timeZone: "Europe/Berlin",
      localDate: "2026-12-01",
      localTime: "17:00",
      hashtags: ["#launch", "#BTS", "#spring"],
      revision: 1,
      state: "planned",
    });
    const postId = page?.post?.id ?? "";

    // The video is not approved yet: the post is planned, and cannot be approved.
    expect(await ana.approve(postId, 1)).toEqual({ ok: false, error: "video" });
    const feedUrl = await ana.feedUrl();
    expect(await ana.feedUrl()).toBe(feedUrl);
    expect(events((await ana.feed(tokenOf(feedUrl))) ?? "")).toEqual([]);

    await approvedVersion(database, a);
    expect((await team.postPage(a.clientId, a.requestId))?.post?.state).toBe("waiting");
    expect(await ana.approve(postId, 1)).toEqual({ ok: true });
    expect((await team.postPage(a.clientId, a.requestId))?.post?.state).toBe("approved");

    const [event] = events((await ana.feed(tokenOf(feedUrl))) ?? "");
    expect(event?.uid).toBe(`post-${postId}@reelsmith.example`);
    expect(event?.start.toISOString()).toBe("2026-12-01T16:00:00.000Z");
    expect(event?.summary).toBe("TikTok: Spring launch");
    expect(event?.description).toContain("Behind the scenes of the spring launch");
    expect(event?.description).toContain("#launch #BTS #spring");
    expect(event?.description).toContain("(Europe/Berlin)");
    expect(event?.description).toContain(`${site}/portal/requests/${a.requestId}`);

    // Saving the same words again changes nothing: still approved.
    expect(
      await team.savePost(a.clientId, a.requestId, form({ revision: "1" }), "ed@team.example"),
    ).toEqual({
      ok: true,
      revision: 1,
      changed: false,
    });
    // A change by the team asks the client again: out of the feed until approved.
    const changed = form({ revision: "1", caption: "Spring launch, the cut" });
    expect(await team.savePost(a.clientId, a.requestId, changed, "ed@team.example")).toEqual({
      ok: true,
      revision: 2,
      changed: true,
    });
    expect((await team.postPage(a.clientId, a.requestId))?.post?.state).toBe("changed");
    expect(events((await ana.feed(tokenOf(feedUrl))) ?? "")).toEqual([]);
    // A form from before the change (revision 1) is refused, nothing stored.
    const stale = form({ revision: "1", caption: "Something else" });
    expect(await team.savePost(a.clientId, a.requestId, stale, "ed@team.example")).toEqual({
      ok: false,
      error: "changed",
    });
    expect(await ana.approve(postId, 1)).toEqual({ ok: false, error: "changed" });
    expect(await ana.approve(postId, 2)).toEqual({ ok: true });
    const [again] = events((await ana.feed(tokenOf(feedUrl))) ?? "");
    expect(again?.description).toContain("Spring launch, the cut");
    expect(again?.sequence).toBe(2);
  });

  it("rotating the feed: the old address is gone at once, the new one answers; only hashes are stored", async () => {
    const { database } = await migratedDatabase(backend);
    const { schedule, a, ana, tokenOf } = await setUp(database);
    const first = await ana.feedUrl();
    expect(first).toMatch(/^http:\/\/localhost:3000\/portal\/feeds\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await ana.feed(tokenOf(first))).toContain("BEGIN:VCALENDAR");

    const second = await ana.rotateFeed();
    expect(second).not.toBe(first);
    expect(await ana.feed(tokenOf(first))).toBeUndefined();
    expect(await ana.feed(tokenOf(second))).toContain("BEGIN:VCALENDAR");
    expect(await ana.feedUrl()).toBe(second);
    // The team rotates it too.
    const third = await schedule.team.rotateFeed(a.clientId);
    expect(third).toBeDefined();
    expect(await ana.feed(tokenOf(second))).toBeUndefined();
    expect(await schedule.team.feedUrl(a.clientId)).toBe(third);
    expect(await schedule.team.feedUrl("no-such-client")).toBeUndefined();

    const rows = await database.db.selectFrom("clientFeeds").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(tokenOf(third ?? ""));
    expect(rows[0]?.tokenHash).toBe(hashFeedToken(tokenOf(third ?? "")));
    // Not a token's shape, or a token of nobody: nothing.
    for (const token of ["", "../../etc/passwd", "x".repeat(43), tokenOf(first)]) {
      expect(await ana.feed(token)).toBeUndefined();
    }
  });

  it("client B never reads or approves client A's post, by any id; the team's pages check the client of the request", async () => {
    const { database } = await migratedDatabase(backend);
    const { schedule, a, b, ana, bo, tokenOf } = await setUp(database);
    await approvedVersion(database, a);
    await schedule.team.savePost(a.clientId, a.requestId, form({}), "ed@team.example");
    const postId = (await schedule.team.postPage(a.clientId, a.requestId))?.post?.id ?? "";

    expect(await bo.approve(postId, 1)).toEqual({ ok: false, error: "not_found" });
    const boWeek = await bo.calendar("week", "2026-12-01");
    expect(boWeek.days.flatMap((day) => day.posts)).toEqual([]);
    const anaWeek = await ana.calendar("week", "2026-12-01");
    expect(anaWeek.days.flatMap((day) => day.posts.map((post) => post.id))).toEqual([postId]);
    // B's feed holds none of A's posts.
    await ana.approve(postId, 1);
    expect(events((await bo.feed(tokenOf(await bo.feedUrl()))) ?? "")).toEqual([]);
    expect(events((await ana.feed(tokenOf(await ana.feedUrl()))) ?? "")).toHaveLength(1);
    // The team: a request with another client's id is no page and takes no post.
    expect(await schedule.team.postPage(b.clientId, a.requestId)).toBeUndefined();
    expect(
      await schedule.team.savePost(b.clientId, a.requestId, form({}), "ed@team.example"),
    ).toEqual({
      ok: false,
      error: "not_found",
    });
    // The team's calendar: every client's, one client's, an unknown client's (nobody's).
    const all = await schedule.team.calendar("month", "2026-12-01", null);
    expect(all.days.flatMap((day) => day.posts)).toHaveLength(1);
    const onlyB = await schedule.team.calendar("month", "2026-12-01", b.clientId);
    expect(onlyB.days.flatMap((day) => day.posts)).toEqual([]);
    const unknown = await schedule.team.calendar("month", "2026-12-01", "nobody");
    expect(unknown.days.flatMap((day) => day.posts)).toEqual([]);
  });

  it("week and month: a post on its own zone's day, Monday first, with previous and next", async () => {
    const { database } = await migratedDatabase(backend);
    const { schedule, a, ana } = await setUp(database);
    // 00:30 on Wednesday 2 December in Tokyo is 15:30 UTC on Tuesday the 1st.
    const tokyo = form({ date: "2026-12-02", time: "00:30", timeZone: "Asia/Tokyo" });
    await schedule.team.savePost(a.clientId, a.requestId, tokyo, "ed@team.example");
    const week = await ana.calendar("week", "2026-12-03");
    expect(week.days.map((day) => day.date)).toEqual([
      "2026-11-30",
      "2026-12-01",
      "2026-12-02",
      "2026-12-03",
      "2026-12-04",
      "2026-12-05",
      "2026-12-06",
    ]);
    expect(week.days.find((day) => day.posts.length > 0)?.date).toBe("2026-12-02");
    expect([week.previous, week.next, week.today]).toEqual([
      "2026-11-23",
      "2026-12-07",
      "2026-11-28",
    ]);
    const month = await ana.calendar("month", "2026-12-15");
    expect(month.days[0]?.date).toBe("2026-11-30");
    expect(month.days.at(-1)?.date).toBe("2027-01-03");
    expect(month.days[0]?.outside).toBe(true);
    expect([month.previous, month.next]).toEqual(["2026-11-01", "2027-01-01"]);
    expect(month.days.find((day) => day.posts.length > 0)?.posts[0]).toMatchObject({
      localTime: "00:30",
      timeZone: "Asia/Tokyo",
      state: "planned",
    });
    // A day that is not one: this week.
    expect((await ana.calendar("week", "2026-02-30")).anchor).toBe("2026-11-28");
  });

  it("bad input: a sentence per field and nothing stored", async () => {
    const { database } = await migratedDatabase(backend);
    const { schedule, a } = await setUp(database);
    const cases: [Record<string, string>, string][] = [
      [{ platform: "MySpace" }, "platform"],
      [{ date: "2026-13-01" }, "date"],
      [{ date: "2030-01-01" }, "date"],
      [{ time: "24:00" }, "time"],
      [{ timeZone: "Mars/Olympus" }, "timeZone"],
      [{ timeZone: "+01:00" }, "timeZone"],
      [{ date: "2027-03-28", time: "02:30" }, "time"],
      [{ caption: "   " }, "caption"],
      [{ caption: "x".repeat(2201) }, "caption"],
      [{ caption: "a\u0000b" }, "caption"],
      [{ caption: "Refund \u202epending" }, "caption"],
      [{ hashtags: "good, bad-tag" }, "hashtags"],
      [{ hashtags: Array.from({ length: 31 }, (_, i) => `t${i}`).join(" ") }, "hashtags"],
    ];
    for (const [fields, field] of cases) {
      const outcome = await schedule.team.savePost(
        a.clientId,
        a.requestId,
        form(fields),
        "ed@team.example",
      );
      expect(outcome.ok ? undefined : outcome.error).toBe("invalid");
      if (!outcome.ok && outcome.error === "invalid") {
        expect(Object.keys(outcome.fieldErrors)).toEqual([field]);
      }
    }
    expect(await database.db.selectFrom("requestPosts").selectAll().execute()).toEqual([]);
  });

  it("erasing a client takes its posts and its feed, and leaves another client's", async () => {
    const { database } = await migratedDatabase(backend);
    const { schedule, a, b, ana, bo, tokenOf } = await setUp(database);
    for (const client of [a, b]) {
      await schedule.team.savePost(client.clientId, client.requestId, form({}), "ed@team.example");
    }
    const feedA = await ana.feedUrl();
    const feedB = await bo.feedUrl();
    expect((await eraseClientRows(database, a.clientId)).found).toBe(true);
    const posts = await database.db.selectFrom("requestPosts").select("clientId").execute();
    expect(posts).toEqual([{ clientId: b.clientId }]);
    const feeds = await database.db.selectFrom("clientFeeds").select("clientId").execute();
    expect(feeds).toEqual([{ clientId: b.clientId }]);
    expect(await ana.feed(tokenOf(feedA))).toBeUndefined();
    expect(await bo.feed(tokenOf(feedB))).toContain("BEGIN:VCALENDAR");
  });
});

describe("reading a post's form", () => {
  it("turns a wall-clock time in a zone into its instant, refusing the hour that does not exist", () => {
    expect(instantOf("2026-12-01", "17:00", "Europe/Berlin")).toBe(Date.UTC(2026, 11, 1, 16));
    expect(instantOf("2026-07-01", "17:00", "Europe/Berlin")).toBe(Date.UTC(2026, 6, 1, 15));
    // New York's clocks go back on 1 November 2026: 01:30 comes twice; the first is taken.
    expect(instantOf("2026-11-01", "01:30", "America/New_York")).toBe(Date.UTC(2026, 10, 1, 5, 30));
    // Berlin's go forward on 29 March 2026: 02:30 does not exist.
    expect(instantOf("2026-03-29", "02:30", "Europe/Berlin")).toBeUndefined();
    expect(instantOf("2026-12-01", "09:15", "Asia/Kolkata")).toBe(Date.UTC(2026, 11, 1, 3, 45));
  });

  it("normalises hashtags to #tag, each once, and bounds them", () => {
    expect(readHashtags(" #launch,launch ##Spring_26  été ")).toEqual({
      ok: true,
      tags: ["#launch", "#Spring_26", "#été"],
    });
    expect(readHashtags("")).toEqual({ ok: true, tags: [] });
    expect(readHashtags("a".repeat(51)).ok).toBe(false);
    expect(readHashtags("<script>").ok).toBe(false);
  });

  it("stores the zone's canonical name", () => {
    const read = readPostForm(form({ timeZone: "europe/berlin" }), now);
    expect(read.ok && read.post.timeZone).toBe("Europe/Berlin");
  });
});

describe("the feed's path", () => {
  it("the portal's guard lets exactly /portal/feeds/<token>.ics through, and logs never name the token", () => {
    const token = "a".repeat(43);
    expect(isFeedPath(`/portal/feeds/${token}.ics`)).toBe(true);
    for (const path of [
      `/portal/feeds/${token}.ics.data`,
      `/portal/feeds/${token}`,
      `/portal/feeds/x/${token}.ics`,
      "/portal/feeds/.ics",
      "/portal/feeds/../schedule.ics",
      "/portal/schedule",
    ]) {
      expect(isFeedPath(path)).toBe(false);
    }
    expect(loggablePath(`/portal/feeds/${token}.ics`)).toBe("/portal/feeds/[token].ics");
    expect(loggablePath("/portal/schedule")).toBe("/portal/schedule");
  });
});
