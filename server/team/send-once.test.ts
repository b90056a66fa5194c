import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import type { TeamAction } from "#app/shared/application-port.ts";
import type { TeamMember } from "#app/shared/team-port.ts";
import { storeApplications } from "../db/applications/store.ts";
import { describeEachBackend } from "../test/backends.ts";
import { pendingApplication } from "../test/stored.ts";
import { type TeamFixture, teamFixtureWithMember } from "../test/team.ts";

const subject = "Re: Your Reelsmith application (Influencer plan)";

// Item 8 of issue 36, on a real database, as the route module calls the port: a reply is sent
// once per draft (its idempotency key), however often or however fast it is posted; and an
// owner change happens only while the owner is the one the member saw (compare and set).
describeEachBackend("sent once, taken once, on $name", (backend) => {
  async function setUp() {
    const { fixture, member } = await teamFixtureWithMember(backend, "maya@example.com");
    const stored = pendingApplication();
    await storeApplications(fixture.database.db, [stored]);
    const id = stored.row.id;
    const act = (action: TeamAction, who: TeamMember = member) => fixture.port.act(who, id, action);
    return { fixture, member, id, act };
  }

  const replies = (fixture: TeamFixture) =>
    fixture.database.db
      .selectFrom("applicationMessages")
      .select(["body", "replyKey", "deliveryId"])
      .where("direction", "=", "out")
      .orderBy("createdAt")
      .execute();
  const replyDeliveries = (fixture: TeamFixture) =>
    fixture.database.db
      .selectFrom("deliveries")
      .select("id")
      .where("kind", "=", "reply_email")
      .execute();
  const replyLines = (fixture: TeamFixture) =>
    fixture.database.db
      .selectFrom("teamAuditLog")
      .select("action")
      .where("action", "=", "reply")
      .execute();

  it("the same draft posted 5 times (one key): one reply, one delivery; each repeat says Already sent", async () => {
    const { fixture, act } = await setUp();
    const key = randomUUID();
    const draft = { type: "reply", subject, body: "Could we talk on Tuesday?", key } as const;
    expect(await act(draft)).toEqual({
      ok: true,
      done: "reply",
      message: "Reply sent: it is on its way to the applicant.",
    });
    for (let i = 0; i < 4; i++) {
      expect(await act(draft)).toEqual({
        ok: true,
        done: "alreadySent",
        message: "Already sent: this reply went out once and is not sent again.",
      });
    }
    const sent = await replies(fixture);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.replyKey).toBe(key);
    expect((await replyDeliveries(fixture)).map((row) => row.id)).toEqual([sent[0]?.deliveryId]);
    expect(await replyLines(fixture)).toHaveLength(1);
  });

  it("5 identical posts at once (one key): one reply, one delivery, one line; none fails", async () => {
    const { fixture, act } = await setUp();
    const draft = { type: "reply", subject, body: "At once.", key: randomUUID() } as const;
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => act(draft)));
    expect(outcomes.map((outcome) => outcome.ok && outcome.done).sort()).toEqual([
      "alreadySent",
      "alreadySent",
      "alreadySent",
      "alreadySent",
      "reply",
    ]);
    expect(await replies(fixture)).toHaveLength(1);
    expect(await replyDeliveries(fixture)).toHaveLength(1);
    expect(await replyLines(fixture)).toHaveLength(1);
  });

  it("two drafts (two keys), even with the same text: two replies, two deliveries", async () => {
    const { fixture, act } = await setUp();
    const text = { type: "reply", subject, body: "Thanks!" } as const;
    const outcomes = await Promise.all([
      act({ ...text, key: randomUUID() }),
      act({ ...text, key: randomUUID() }),
    ]);
    expect(outcomes.map((outcome) => outcome.ok && outcome.done)).toEqual(["reply", "reply"]);
    expect(await replies(fixture)).toHaveLength(2);
    expect(await replyDeliveries(fixture)).toHaveLength(2);
  });

  it("a key sent with other text, or a malformed key, is refused and sends nothing", async () => {
    const { fixture, act } = await setUp();
    const key = randomUUID();
    await act({ type: "reply", subject, body: "First text.", key });
    expect(await act({ type: "reply", subject, body: "Changed text.", key })).toEqual({
      ok: false,
      error: "conflict",
      message:
        "This draft was already sent with other text, so nothing was sent now. Press Send reply to send this text as a new reply.",
    });
    for (const bad of ["", "short", "x".repeat(65), `${randomUUID()}\n`, "a b c d e f g h i j"]) {
      expect(await act({ type: "reply", subject, body: "Other.", key: bad })).toEqual({
        ok: false,
        error: "invalid",
        message: "This form was out of date, so nothing was sent. Press Send reply to send it.",
      });
    }
    expect((await replies(fixture)).map((row) => row.body)).toEqual(["First text."]);
    expect(await replyDeliveries(fixture)).toHaveLength(1);
  });

  it("the same key on two applications: each sends its own (keys are per application)", async () => {
    const { fixture, act, member } = await setUp();
    const other = pendingApplication();
    await storeApplications(fixture.database.db, [other]);
    const draft = { type: "reply", subject, body: "Hello.", key: randomUUID() } as const;
    expect(await act(draft)).toMatchObject({ ok: true, done: "reply" });
    expect(await fixture.port.act(member, other.row.id, draft)).toMatchObject({
      ok: true,
      done: "reply",
    });
    expect(await replyDeliveries(fixture)).toHaveLength(2);
  });

  it("two members press Take it at once: one takes it, the other is told who has it; one line", async () => {
    const { fixture, member, id, act } = await setUp();
    const dan = await fixture.member("dan@example.com");
    // Both saw it unassigned (seen ""), as their pages showed it.
    const [maya, danOutcome] = await Promise.all([
      act({ type: "take", seen: "" }, member),
      act({ type: "take", seen: "" }, dan),
    ]);
    const owner = (await fixture.port.application(id))?.ownerId;
    const [winner, loser] = owner === member.id ? [maya, danOutcome] : [danOutcome, maya];
    const winnerName = owner === member.id ? "maya" : "dan";
    expect([member.id, dan.id]).toContain(owner);
    expect(winner).toEqual({ ok: true, done: "take", message: "It is yours now." });
    expect(loser).toEqual({
      ok: false,
      error: "conflict",
      message: `${winnerName} has it: the owner changed before you pressed. Nothing was changed.`,
    });
    const view = await fixture.port.application(id);
    expect(view?.audit.map((line) => [line.memberEmail, line.action, line.detail])).toEqual([
      [`${winnerName}@example.com`, "assign", `${winnerName}@example.com`],
    ]);
  });

  it("Take it or Assign from a page that showed another owner: nothing changes, no line", async () => {
    const { fixture, member, id, act } = await setUp();
    const dan = await fixture.member("dan@example.com");
    const ana = await fixture.member("ana@example.com");
    expect(await act({ type: "assign", ownerId: dan.id, seen: "" })).toMatchObject({ ok: true });
    // Maya's page still shows it unassigned: Take it, then Assign to Ana.
    const told = "dan has it: the owner changed before you pressed. Nothing was changed.";
    expect(await act({ type: "take", seen: "" })).toEqual({
      ok: false,
      error: "conflict",
      message: told,
    });
    expect(await act({ type: "assign", ownerId: ana.id, seen: "" })).toEqual({
      ok: false,
      error: "conflict",
      message: told,
    });
    // Someone unassigns it; a page that showed Dan is told nobody has it now.
    expect(await act({ type: "assign", ownerId: "", seen: dan.id })).toMatchObject({ ok: true });
    expect(await act({ type: "take", seen: dan.id })).toEqual({
      ok: false,
      error: "conflict",
      message: "Nobody has it now: the owner changed before you pressed. Nothing was changed.",
    });
    const view = await fixture.port.application(id);
    expect(view?.ownerId).toBeNull();
    expect(view?.audit.map((line) => [line.action, line.detail])).toEqual([
      ["assign", ""],
      ["assign", "dan@example.com"],
    ]);
    // With what the page shows now, it goes through.
    expect(await act({ type: "take", seen: "" })).toMatchObject({ ok: true, done: "take" });
    expect((await fixture.port.application(id))?.ownerId).toBe(member.id);
  });
});
