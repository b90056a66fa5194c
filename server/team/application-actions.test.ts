import { expect, it } from "vitest";
import type { TeamAction } from "#app/shared/application-port.ts";
import { storeApplications } from "../db/applications/store.ts";
import { clientInsert } from "../db/portal/clients.ts";
import { describeEachBackend } from "../test/backends.ts";
import { pendingApplication } from "../test/stored.ts";
import { teamFixtureWithMember } from "../test/team.ts";

// Every action of the application page, as its route module calls it, on a real database: the
// change, and its audit line (who, what, when), in one transaction.
describeEachBackend("application actions on $name", (backend) => {
  async function setUp(deliveries?: ("team_notification" | "applicant_confirmation")[]) {
    const { fixture, member } = await teamFixtureWithMember(backend, "maya@example.com");
    const stored = pendingApplication({ deliveries });
    await storeApplications(fixture.database.db, [stored]);
    const port = fixture.port;
    const id = stored.row.id;
    const act = (action: TeamAction) => port.act(member, id, action);
    return { fixture, member, port, id, act, stored };
  }

  it("status, note, spam: each changes the application and writes its line", async () => {
    const { port, id, act } = await setUp();
    const before = Date.now();
    expect(await act({ type: "status", status: "contacted" })).toMatchObject({ ok: true });
    expect(await act({ type: "note", body: "  Called her; call back Tuesday.  " })).toMatchObject({
      ok: true,
    });
    expect(await act({ type: "spam" })).toMatchObject({ ok: true });
    const view = await port.application(id);
    expect(view?.status).toBe("contacted");
    expect(view?.isSpam).toBe(true);
    expect(view?.notes).toMatchObject([
      { authorEmail: "maya@example.com", body: "Called her; call back Tuesday." },
    ]);
    expect(
      view?.audit.map(({ memberEmail, action, detail }) => [memberEmail, action, detail]),
    ).toEqual([
      ["maya@example.com", "spam", ""],
      ["maya@example.com", "note", ""],
      ["maya@example.com", "status", "contacted"],
    ]);
    for (const line of view?.audit ?? []) expect(line.createdAt).toBeGreaterThanOrEqual(before);
  });

  it("a status past New answers the application once: its first response is kept", async () => {
    const { fixture, id, act } = await setUp();
    const firstResponse = () =>
      fixture.database.db
        .selectFrom("submissions")
        .select("firstResponseAt")
        .where("id", "=", id)
        .executeTakeFirstOrThrow()
        .then((row) => row.firstResponseAt);
    await act({ type: "status", status: "new" });
    expect(await firstResponse()).toBeNull();
    const before = Date.now();
    await act({ type: "status", status: "declined" });
    const first = Number(await firstResponse());
    expect(first).toBeGreaterThanOrEqual(before);
    await act({ type: "status", status: "onboarded" });
    expect(Number(await firstResponse())).toBe(first);
  });

  it("refuses bad input and changes nothing", async () => {
    const { port, id, act, member } = await setUp();
    expect(await act({ type: "status", status: "won" as never })).toMatchObject({
      ok: false,
      error: "invalid",
    });
    expect(await act({ type: "note", body: "   " })).toMatchObject({ ok: false, error: "invalid" });
    expect(await act({ type: "note", body: "x".repeat(1001) })).toMatchObject({
      ok: false,
      error: "invalid",
    });
    // Control characters, NUL first (PostgreSQL would refuse it with an error): the message
    // the questionnaire gives.
    for (const char of ["\u0000", "\u0007", "\u001b", "\u007f", "\u0085", "\ud800"]) {
      expect(await act({ type: "note", body: `Called her${char}back` })).toEqual({
        ok: false,
        error: "invalid",
        message: "Please remove invisible control characters",
      });
    }
    expect(
      await port.act(member, "00000000-0000-4000-8000-000000000000", { type: "spam" }),
    ).toMatchObject({
      ok: false,
      error: "not_found",
    });
    expect(await port.act(member, "not-an-id", { type: "spam" })).toMatchObject({
      ok: false,
      error: "not_found",
    });
    const view = await port.application(id);
    expect(view?.status).toBe("new");
    expect(view?.notes).toEqual([]);
    expect(view?.audit).toEqual([]);
  });

  it("not spam creates the missing deliveries once, even when pressed twice at once, and an owner", async () => {
    const { fixture, port, id, act, stored, member } = await setUp([]);
    const ana = await fixture.member("ana@example.com");
    await fixture.database.db.updateTable("submissions").set({ isSpam: 1 }).execute();
    const outcomes = await Promise.all([act({ type: "not-spam" }), act({ type: "not-spam" })]);
    expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
    const view = await port.application(id);
    expect(view?.isSpam).toBe(false);
    expect(view?.deliveries.map((delivery) => [delivery.kind, delivery.status]).sort()).toEqual([
      ["applicant_confirmation", "pending"],
      ["missed_email", "pending"],
      ["reminder_email", "pending"],
      ["team_notification", "pending"],
    ]);
    // The promise's jobs at their times from its due time (received + 24 h), not now.
    const dueAt = Number(stored.row.dueAt);
    const at = (kind: string) => view?.deliveries.find((d) => d.kind === kind)?.nextAttemptAt;
    expect(at("reminder_email")).toBe(dueAt - 4 * 3600_000);
    expect(at("missed_email")).toBe(dueAt);
    // Genuine after all: given to a member in turn (maya or ana, whoever's turn it is).
    expect([ana.id, member.id]).toContain(view?.ownerId);
    expect(fixture.nudges.count).toBeGreaterThanOrEqual(1);
  });

  it("not spam tells the worker only when it made deliveries to send", async () => {
    const { fixture, act } = await setUp([]);
    const markSpam = () => fixture.database.db.updateTable("submissions").set({ isSpam: 1 });
    await markSpam().execute();
    await act({ type: "not-spam" });
    expect(fixture.nudges.count).toBe(1);
    await markSpam().execute();
    await act({ type: "not-spam" }); // its deliveries are there already: nothing new to send
    expect(fixture.nudges.count).toBe(1);
  });

  it("assign and take it give the application to a member, each with its audit line", async () => {
    const { fixture, port, id, act, member } = await setUp();
    const ana = await fixture.member("ana@example.com");
    expect(await act({ type: "assign", ownerId: ana.id })).toMatchObject({
      ok: true,
      done: "assign",
    });
    expect((await port.application(id))?.ownerId).toBe(ana.id);
    expect(await act({ type: "take" })).toMatchObject({ ok: true, done: "take" });
    expect((await port.application(id))?.ownerId).toBe(member.id);
    expect(await act({ type: "assign", ownerId: "" })).toMatchObject({ ok: true });
    expect((await port.application(id))?.ownerId).toBeNull();
    // Someone who is not a member: refused, nothing changed, no line.
    expect(await act({ type: "assign", ownerId: "not-a-member" })).toMatchObject({
      ok: false,
      error: "invalid",
    });
    const view = await port.application(id);
    expect(view?.ownerId).toBeNull();
    expect(view?.audit.map((line) => [line.action, line.detail])).toEqual([
      ["assign", ""],
      ["assign", "maya@example.com"],
      ["assign", "ana@example.com"],
    ]);
  });

  it("the first status past New records the first response once, and the metrics hear it once", async () => {
    const { fixture, port, id, act } = await setUp();
    // It arrived two hours ago: the metrics hear the seconds from its arrival to the answer.
    const createdAt = Date.now() - 2 * 3600_000;
    await fixture.database.db
      .updateTable("submissions")
      .set({ createdAt })
      .where("id", "=", id)
      .execute();
    const before = Date.now();
    await act({ type: "status", status: "contacted" });
    const first = (await port.application(id))?.firstResponseAt ?? 0;
    expect(first).toBeGreaterThanOrEqual(before);
    expect(first).toBeLessThanOrEqual(Date.now());
    await act({ type: "status", status: "onboarded" });
    expect((await port.application(id))?.firstResponseAt).toBe(first);
    expect(fixture.firstResponses).toEqual([(first - createdAt) / 1000]);
  });

  it("spam skips the pending deliveries, keeps what was sent; not spam sends the skipped again", async () => {
    const { fixture, port, id, act } = await setUp();
    await fixture.database.db
      .updateTable("deliveries")
      .set({ status: "done", attempts: 1 })
      .where("kind", "=", "team_notification")
      .execute();
    const statuses = async () =>
      (await port.application(id))?.deliveries
        .map((delivery) => [delivery.kind, delivery.status])
        .sort();

    expect(await act({ type: "spam" })).toMatchObject({ ok: true });
    expect(await statuses()).toEqual([
      ["applicant_confirmation", "skipped"],
      ["team_notification", "done"],
    ]);
    expect(
      await fixture.database.db
        .selectFrom("deliveries")
        .select("skipReason")
        .where("kind", "=", "applicant_confirmation")
        .executeTakeFirst(),
    ).toEqual({ skipReason: "spam" });

    const nudged = fixture.nudges.count;
    expect(await act({ type: "not-spam" })).toMatchObject({ ok: true });
    expect(await statuses()).toEqual([
      ["applicant_confirmation", "pending"],
      // Genuine now: the promise's reminder and alert, made with it, for later.
      ["missed_email", "pending"],
      ["reminder_email", "pending"],
      ["team_notification", "done"],
    ]);
    expect(fixture.nudges.count).toBe(nudged + 1);
  });

  it("retry sets failed deliveries back to pending, due now", async () => {
    const { fixture, port, id, act } = await setUp();
    expect(await act({ type: "retry" })).toMatchObject({
      ok: true,
      message: "No failed deliveries to retry.",
    });
    await fixture.database.db
      .updateTable("deliveries")
      .set({ status: "failed", attempts: 6, lastError: "550 mailbox unavailable" })
      .where("kind", "=", "team_notification")
      .execute();
    expect(await act({ type: "retry" })).toMatchObject({ ok: true });
    const view = await port.application(id);
    const notification = view?.deliveries.find((delivery) => delivery.kind === "team_notification");
    expect(notification).toMatchObject({ status: "pending", attempts: 0 });
    expect(notification?.nextAttemptAt).toBeLessThanOrEqual(Date.now());
    expect(view?.audit.map((line) => [line.action, line.detail])).toEqual([["retry", "1"]]);
    expect(fixture.nudges.count).toBe(1);
  });

  it("erase deletes every application of that address and keeps the line that says so", async () => {
    const { fixture, port, id, act, stored } = await setUp();
    const second = pendingApplication({ row: { email: stored.row.email.toUpperCase() } });
    const other = pendingApplication({ row: { email: "someone.else@example.com" } });
    await storeApplications(fixture.database.db, [second, other]);
    await act({ type: "note", body: "About to erase" });
    expect(await act({ type: "erase" })).toMatchObject({ ok: true, done: "erase" });
    expect(await port.application(id)).toBeUndefined();
    expect(await port.application(second.row.id)).toBeUndefined();
    const left = await fixture.database.db.selectFrom("submissions").select("id").execute();
    expect(left.map((row) => row.id)).toEqual([other.row.id]);
    const notes = await fixture.database.db.selectFrom("applicationNotes").selectAll().execute();
    expect(notes).toEqual([]);
    const audit = await fixture.database.db
      .selectFrom("teamAuditLog")
      .select(["submissionId", "action", "memberEmail"])
      .where("action", "=", "erase")
      .execute();
    expect(audit).toEqual([{ submissionId: id, action: "erase", memberEmail: "maya@example.com" }]);
  });

  it("erase of an applicant who became a client: refused in words naming the client, nothing erased, no line (decision 0088)", async () => {
    const { fixture, port, id, act } = await setUp();
    const clientId = crypto.randomUUID();
    await fixture.database.write(
      clientInsert(fixture.database.db, {
        id: clientId,
        name: "Ada Client",
        plan: "Creator",
        applicationId: id,
        createdAt: Date.now(),
      }),
    );
    expect(await act({ type: "erase" })).toEqual({
      ok: false,
      error: "conflict",
      message:
        "Nothing was erased: this applicant is the client Ada Client. Erase the client first, on its page (that removes its footage too), then the applicant.",
    });
    expect(await port.application(id)).toBeDefined();
    const audit = await fixture.database.db
      .selectFrom("teamAuditLog")
      .select("action")
      .where("action", "=", "erase")
      .execute();
    expect(audit).toEqual([]);
  });
});
