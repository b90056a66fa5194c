import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { TeamAction } from "#app/shared/application-port.ts";
import { storeApplications } from "../db/applications/store.ts";
import { messageInsert } from "../db/messages.ts";
import type { NewApplicationMessage } from "../db/schema.ts";
import { storageBackends } from "../test/backends.ts";
import { inboundMessageRow, pendingApplication } from "../test/stored.ts";
import { teamFixtureWithMember } from "../test/team.ts";

const subject = "Re: Your Reelsmith application (Creator plan)";

/** A message of the thread as the inbound side (theirs) or a reply (ours) stores it. */
const message = (applicationId: string, values: Partial<NewApplicationMessage> = {}) =>
  inboundMessageRow(applicationId, { subject, ...values });

// A reply written on a page that did not show the thread's newest message (decision 0073): the
// server refuses it, changes nothing, and says who wrote and when; the page's `seen` is the
// (time, id) of the newest message it showed.
describe.each(storageBackends())("stale replies refused on $name", (backend) => {
  async function setUp() {
    const { fixture, member } = await teamFixtureWithMember(backend, "dan@example.com");
    const stored = pendingApplication();
    await storeApplications(fixture.database.db, [stored]);
    const id = stored.row.id;
    const act = (action: TeamAction) => fixture.port.act(member, id, action);
    const counts = async () => ({
      messages: (
        await fixture.database.db
          .selectFrom("applicationMessages")
          .select("id")
          .where("submissionId", "=", id)
          .execute()
      ).length,
      replies: (
        await fixture.database.db
          .selectFrom("deliveries")
          .select("id")
          .where("kind", "=", "reply_email")
          .execute()
      ).length,
      audit: (await fixture.port.application(id))?.audit.length,
      status: (await fixture.port.application(id))?.status,
    });
    const insert = (values: Partial<NewApplicationMessage>) =>
      messageInsert(fixture.database.db, message(id, values)).execute();
    return { fixture, id, act, counts, insert };
  }

  const reply = (seen: string, body = "Could we talk on Tuesday?") =>
    ({ type: "reply", subject, body, key: randomUUID(), seen }) as const;

  it.skipIf(backend.skip)(
    "a message of the applicant's since the page was loaded: refused, nothing changed, who and when said",
    async () => {
      const { fixture, id, act, counts, insert } = await setUp();
      // The page was loaded on an empty thread ("" seen), then Maya wrote two minutes ago.
      await insert({ createdAt: Date.now() - 2 * 60_000 - 5_000 });
      const before = await counts();
      const outcome = await act(reply(""));
      expect(outcome).toEqual({
        ok: false,
        error: "stale",
        message:
          "Maya Lopez (applicant) wrote 2 minutes ago, after this page was loaded: nothing was sent. Read it above, then send yours anyway if it still fits.",
      });
      expect(await counts()).toEqual(before);

      // Having read it (the page now shows it as its newest), the member sends anyway.
      const seen = (await fixture.port.application(id))?.latestMessage ?? "";
      expect(seen).toMatch(/^\d+_[0-9a-f-]{36}$/);
      expect(await act(reply(seen))).toMatchObject({ ok: true, done: "reply" });
      expect((await counts()).replies).toBe(before.replies + 1);
    },
  );

  it.skipIf(backend.skip)(
    "another member's reply since the page was loaded: refused with their name",
    async () => {
      const { fixture, id, act, counts, insert } = await setUp();
      await insert({ createdAt: Date.now() - 60 * 60_000 });
      const seen = (await fixture.port.application(id))?.latestMessage ?? "";
      // Maya answered from her page meanwhile (a reply of ours, by another member).
      await insert({
        direction: "out",
        fromName: "Maya",
        fromAddress: "hello@reelsmith.example",
        memberEmail: "maya@example.com",
        createdAt: Date.now() - 1000,
      });
      const before = await counts();
      expect(await act(reply(seen))).toEqual({
        ok: false,
        error: "stale",
        message:
          "Maya replied just now, after this page was loaded: nothing was sent. Read it above, then send yours anyway if it still fits.",
      });
      expect(await counts()).toEqual(before);
    },
  );

  it.skipIf(backend.skip)(
    "nothing new since the page was loaded: sent; the same draft again is Already sent, not stale",
    async () => {
      const { fixture, id, act, insert } = await setUp();
      await insert({ createdAt: Date.now() - 10_000 });
      const seen = (await fixture.port.application(id))?.latestMessage ?? "";
      const draft = reply(seen);
      expect(await act(draft)).toMatchObject({ ok: true, done: "reply" });
      // Its own message is now the newest: a second press of the same draft is a repeat.
      expect(await act(draft)).toMatchObject({ ok: true, done: "alreadySent" });
    },
  );

  it.skipIf(backend.skip)(
    "without `seen` (callers other than the page) nothing is checked",
    async () => {
      const { act, insert } = await setUp();
      await insert({});
      expect(await act({ type: "reply", subject, body: "Hello" })).toMatchObject({ ok: true });
    },
  );
});
