import { describe, expect, it } from "vitest";
import { type InboxQuery, parseInboxQuery } from "#app/shared/inbox-query.ts";
import { endOfUtcDay } from "#app/shared/response-clock.ts";
import { exportPageSize } from "../db/applications/export-pages.ts";
import { inboxRows, overdueCount } from "../db/applications/inbox.ts";
import { exportApplications } from "../db/applications/reads.ts";
import { storeApplications } from "../db/applications/store.ts";
import type { NewApplication } from "../db/schema.ts";
import { toCsv, toJson } from "../export/export-format.ts";
import { describeEachBackend, storageBackends } from "../test/backends.ts";
import { pendingApplication } from "../test/stored.ts";
import { teamFixture, teamFixtureWithMember } from "../test/team.ts";

const query = (params: string): InboxQuery => parseInboxQuery(new URLSearchParams(params));
const plans = ["Creator", "Influencer", "Enterprise"] as const;
const total = exportPageSize * 2 + 34;

/**
 * `total` applications, one a minute (some at the same millisecond), a few of them spam, a
 * third of them answered an hour after they arrived.
 */
async function seed(fixture: Awaited<ReturnType<typeof teamFixture>>) {
  const start = Date.UTC(2026, 0, 1);
  const rows = Array.from({ length: total }, (_, i) =>
    pendingApplication({
      row: {
        createdAt: start + Math.floor(i / 2) * 60_000,
        name: i === 7 ? "Zoë 100%_sure" : `Applicant ${i}`,
        email: `applicant${i}@example.com`,
        accountHandle: i === 11 ? "@=cmd|calc" : `@handle${i}`,
        contentNiche: i === 13 ? "Sourdough BAKING" : "Fitness",
        selectedPlan: plans[i % 3],
        isSpam: i % 50 === 0 ? 1 : 0,
        firstResponseAt: i % 3 === 1 ? start + Math.floor(i / 2) * 60_000 + 3600_000 : null,
      },
    }),
  );
  for (let i = 0; i < rows.length; i += 200) {
    await storeApplications(fixture.database.db, rows.slice(i, i + 200));
  }
  return rows;
}

async function text(stream: ReadableStream<Uint8Array>) {
  return new Response(stream).text();
}

describeEachBackend("the inbox and its exports on $name", (backend) => {
  it("pages hold every application once, unanswered by due time first, then newest first; filters and search narrow them", async () => {
    const fixture = await teamFixture(backend);
    const rows = await seed(fixture);
    const port = fixture.port;

    const seen: string[] = [];
    let page = await port.inbox(query(""));
    expect(page.rows).toHaveLength(50);
    for (;;) {
      seen.push(...page.rows.map((row) => row.id));
      if (!page.next) break;
      page = await port.inbox(query(`before=${page.next}`));
    }
    const notSpam = rows.filter((row) => row.row.isSpam === 0);
    const byId = (a: (typeof rows)[number], b: (typeof rows)[number]) =>
      a.row.id < b.row.id ? -1 : 1;
    const waiting = notSpam
      .filter((row) => row.row.firstResponseAt == null)
      .sort((a, b) => Number(a.row.dueAt) - Number(b.row.dueAt) || byId(a, b));
    const answered = notSpam
      .filter((row) => row.row.firstResponseAt != null)
      .sort((a, b) => b.row.createdAt - a.row.createdAt || byId(b, a));
    expect(waiting.length % 50).not.toBe(0); // a page holds both parts
    expect(seen).toEqual([...waiting, ...answered].map((row) => row.row.id));

    const ids = async (params: string) =>
      (await port.inbox(query(params))).rows.map((row) => row.name);
    expect(await ids("q=zoë 100%_")).toEqual(["Zoë 100%_sure"]);
    expect(await ids("q=100_")).toEqual([]); // "_" is a character, not a wildcard
    expect(await ids("q=sourdough baking")).toEqual(["Applicant 13"]);
    expect(await ids("q=APPLICANT42@EXAMPLE")).toEqual(["Applicant 42"]);
    expect(await ids("q=@HANDLE1033")).toEqual(["Applicant 1033"]);
    expect((await port.inbox(query("spam=yes"))).rows).toHaveLength(Math.ceil(total / 50));
    expect(
      (await port.inbox(query("spam=yes&plan=Influencer"))).rows.every(
        (row) => row.selectedPlan === "Influencer" && row.isSpam,
      ),
    ).toBe(true);

    const member = await fixture.member("maya@example.com");
    const target = notSpam[3]?.row.id ?? "";
    await port.act(member, target, { type: "status", status: "onboarded" });
    expect((await port.inbox(query("status=onboarded"))).rows.map((row) => row.id)).toEqual([
      target,
    ]);

    expect(page.failedApplications).toBe(0);
    await fixture.database.db
      .updateTable("deliveries")
      .set({ status: "failed" })
      .where("submissionId", "in", [target, notSpam[9]?.row.id ?? ""])
      .execute();
    const failed = await port.inbox(query("failed=1&spam=all"));
    expect(failed.failedApplications).toBe(2);
    expect(failed.rows.map((row) => row.id).sort()).toEqual([target, notSpam[9]?.row.id].sort());
  });

  it("exports what the CLI exports, streamed page by page", async () => {
    const fixture = await teamFixture(backend);
    await seed(fixture);
    const port = fixture.port;
    // No messages yet: each application's thread in JSON is empty, its count in CSV 0.
    const all = (await exportApplications(fixture.database)).map((row) => ({ ...row, thread: [] }));
    expect(await text(port.export(query("spam=all"), "csv"))).toBe(toCsv(all));
    expect(await text(port.export(query("spam=all"), "json"))).toBe(toJson(all));
    // Formula neutralising, as the CLI does it.
    expect(await text(port.export(query("q=calc&spam=all"), "csv"))).toContain(",'@=cmd|calc,");
    // A filter applies; nothing matching is a header (CSV) or an empty array (JSON).
    const creators = all.filter((row) => row.selectedPlan === "Creator" && row.isSpam === 0);
    expect(await text(port.export(query("plan=Creator"), "json"))).toBe(toJson(creators));
    expect(await text(port.export(query("q=nobody-at-all"), "json"))).toBe("[]\n");
    expect(await text(port.export(query("q=nobody-at-all"), "csv"))).toBe(toCsv([]));
  });
});

/** Every control character the questionnaire refuses: C0 but tab, LF and CR; DEL; C1. */
const controlCharacters = [
  ...Array.from({ length: 0x20 }, (_, code) => code).filter((code) => ![9, 10, 13].includes(code)),
  ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i),
].map((code) => String.fromCharCode(code));

describeEachBackend("a search with control characters on $name", (backend) => {
  it("is refused with the questionnaire's message, searches and exports nothing, never fails", async () => {
    const fixture = await teamFixture(backend);
    await storeApplications(fixture.database.db, [
      pendingApplication({ row: { name: "Nul Tester" } }),
    ]);
    const port = fixture.port;
    expect(controlCharacters).toHaveLength(62);
    for (const char of controlCharacters) {
      const label = `U+${char.charCodeAt(0).toString(16).padStart(4, "0")}`;
      // Inside the text: refused. Alone or at an end it may be white space that the
      // questionnaire trims too (VT, FF); either way nothing with it is ever searched.
      for (const typed of [`nul${char}tester`, char, `Nul Tester${char}`]) {
        const parsed = parseInboxQuery(new URLSearchParams([["q", typed]]));
        if (typed.trim().includes(char)) {
          expect(parsed.q, label).toBeUndefined();
          expect(parsed.refusedSearch?.message, label).toBe(
            "Please remove invisible control characters",
          );
          expect(parsed.refusedSearch?.text, label).toContain("\ufffd");
        } else {
          expect(parsed.q, label).toBe(typed.trim() || undefined);
        }
        const found = (await port.inbox(parsed)).rows.map((row) => row.name);
        expect(found, label).toEqual(parsed.refusedSearch ? [] : [expect.any(String)]);
        if (parsed.refusedSearch) {
          expect(await text(port.export(parsed, "json")), label).toBe("[]\n");
        }
        // Handed to the server as a plain search, it matches nothing and breaks nothing.
        const raw = { ...parsed, q: typed, refusedSearch: undefined };
        expect((await port.inbox(raw)).rows, label).toEqual([]);
        expect(await text(port.export(raw, "csv")), label).toBe(toCsv([]));
      }
    }
    // A lone surrogate cannot come in a URL (it arrives as U+FFFD), but never reaches the SQL.
    for (const lone of ["nul\ud800tester", "nul\udc00tester"]) {
      const raw = { ...query(""), q: lone };
      expect((await port.inbox(raw)).rows).toEqual([]);
      expect(await text(port.export(raw, "json"))).toBe("[]\n");
    }
    // Tabs and line breaks are text (the questionnaire takes them): searched as typed.
    expect(query("q=nul%09tester").refusedSearch).toBeUndefined();
    expect((await port.inbox(query("q=nul tester"))).rows.map((row) => row.name)).toEqual([
      "Nul Tester",
    ]);
  });
});

describe("the search index on SQLite", () => {
  it("follows inserts, updates and deletes of applications", async () => {
    const [sqlite] = storageBackends();
    if (!sqlite) throw new Error("no SQLite backend");
    const fixture = await teamFixture(sqlite);
    const port = fixture.port;
    const stored = pendingApplication({ row: { name: "Quentin Quixote" } });
    await storeApplications(fixture.database.db, [stored]);
    const names = async (q: string) =>
      (await port.inbox(query(`q=${encodeURIComponent(q)}&spam=all`))).rows.map((row) => row.name);
    expect(await names("quixote")).toEqual(["Quentin Quixote"]);
    await fixture.database.db
      .updateTable("submissions")
      .set({ name: "Quentin Rename" })
      .where("id", "=", stored.row.id)
      .execute();
    expect(await names("quixote")).toEqual([]);
    expect(await names("rename")).toEqual(["Quentin Rename"]);
    // Two characters: no trigram to look up, a scan instead.
    expect(await names("qu")).toEqual(["Quentin Rename"]);
    await fixture.database.db.deleteFrom("submissions").execute();
    expect(await names("rename")).toEqual([]);
    // FTS5's own check of the index against the table (rank 1): it throws on any difference.
    const sqliteHandle = fixture.database.sqlite;
    if (!sqliteHandle) throw new Error("no SQLite handle");
    const integrityCheck = () =>
      sqliteHandle
        .prepare(
          "insert into submissions_search(submissions_search, rank) values ('integrity-check', 1)",
        )
        .run();
    expect(integrityCheck).not.toThrow();
  });
});

describeEachBackend("the promise in the inbox on $name", (backend) => {
  it("Owner (me, unassigned) and Due (overdue, today) filter; the banner counts the overdue", async () => {
    const { fixture, member: maya } = await teamFixtureWithMember(backend, "maya@example.com");
    const now = Date.now();
    const hour = 3600_000;
    const endOfToday = endOfUtcDay(now);
    const row = (name: string, fields: Partial<NewApplication>) =>
      pendingApplication({ row: { name, createdAt: now - hour, ...fields } });
    const rows = [
      row("Overdue Mine", { ownerId: maya.id, dueAt: now - hour }),
      row("Today Mine", { ownerId: maya.id, dueAt: Math.min(now + 60_000, endOfToday - 1) }),
      row("Later Nobody", { ownerId: null, dueAt: endOfToday + 2 * hour }),
      row("Answered Mine", {
        ownerId: maya.id,
        dueAt: now - hour,
        firstResponseAt: now - 2 * hour,
      }),
      row("Spam Overdue", { ownerId: null, dueAt: now - hour, isSpam: 1 }),
    ];
    await storeApplications(fixture.database.db, rows);
    const names = async (params: string, memberId?: string) =>
      (await inboxRows(fixture.database, query(params), 50, { memberId, now })).rows.map(
        (found) => found.name,
      );

    // Unanswered first by due time, then the rest newest first.
    expect(await names("")).toEqual([
      "Overdue Mine",
      "Today Mine",
      "Later Nobody",
      "Answered Mine",
    ]);
    expect(await names("owner=me", maya.id)).toEqual([
      "Overdue Mine",
      "Today Mine",
      "Answered Mine",
    ]);
    expect(await names("owner=me")).toEqual([]); // nobody signed in: nobody's
    expect(await names("owner=none")).toEqual(["Later Nobody"]);
    expect(await names("due=overdue")).toEqual(["Overdue Mine"]);
    expect(await names("due=today")).toEqual(["Overdue Mine", "Today Mine"]);
    expect(await names("due=overdue&spam=all")).toEqual(["Overdue Mine"]); // spam is never due
    expect(await overdueCount(fixture.database, now)).toBe(1);

    const port = fixture.port;
    const page = await port.inbox(query(""));
    expect(page.overdue).toBe(1);
    expect(page.rows.find((found) => found.name === "Overdue Mine")).toMatchObject({
      ownerName: "maya",
      dueAt: now - hour,
      firstResponseAt: null,
    });
  });
});
