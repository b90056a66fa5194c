import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import type { TeamAction } from "#app/shared/application-port.ts";
import { storeApplications } from "../db/applications/store.ts";
import { messageInsert } from "../db/messages.ts";
import type { MessageFlag } from "../db/schema.ts";
import { describeEachBackend } from "../test/backends.ts";
import { newReplyOf, pendingApplication } from "../test/stored.ts";
import { teamFixtureWithMember } from "../test/team.ts";

// A reply with the proof but from another address than the applicant's (decision 0063): the
// application page's Confirm (a new reply) and Move to Unmatched, each once, with its line.
describeEachBackend("a reply from another address on $name", (backend) => {
  async function setUp() {
    const { fixture, member } = await teamFixtureWithMember(backend, "maya@example.com");
    const stored = pendingApplication();
    const other = pendingApplication();
    await storeApplications(fixture.database.db, [stored, other]);
    const id = stored.row.id;
    const act = (action: TeamAction, on = id) => fixture.port.act(member, on, action);
    const db = fixture.database.db;
    const message = async (flag: MessageFlag | null, applicationId = id) => {
      const messageId = randomUUID();
      await messageInsert(db, {
        id: messageId,
        submissionId: applicationId,
        direction: "in",
        messageId: `<${randomUUID()}@work.example>`,
        inReplyTo: null,
        fromAddress: "sam@work.example",
        fromName: "Sam",
        toAddress: "reply+x.y@reelsmith.example",
        subject: "Re: Your application",
        body: "From my work address.",
        visible: "From my work address.",
        rawFile: null,
        auth: null,
        memberEmail: null,
        deliveryId: null,
        createdAt: Date.now(),
        flag,
      }).execute();
      return messageId;
    };
    const row = (messageId: string) =>
      db
        .selectFrom("applicationMessages")
        .select(["submissionId", "flag"])
        .where("id", "=", messageId)
        .executeTakeFirst();
    const newReply = (on = id) => newReplyOf(fixture.database, on);
    const audit = () =>
      db
        .selectFrom("teamAuditLog")
        .select(["action", "detail", "submissionId"])
        .where("action", "in", ["confirm-sender", "unmatch-reply"])
        .execute();
    return { fixture, id, otherId: other.row.id, act, message, row, newReply, audit };
  }

  it("shows it flagged in the thread; Confirm makes it a new reply, once", async () => {
    const at = await setUp();
    const flagged = await at.message("sender");
    const view = await at.fixture.port.application(at.id);
    expect(view?.thread.find((entry) => entry.id === flagged)?.flag).toBe("sender");
    expect(view?.newReply).toBe(false);

    expect(await at.act({ type: "confirm-sender", messageId: flagged })).toEqual({
      ok: true,
      done: "confirmSender",
      message: "Confirmed: it is a new reply from the applicant.",
    });
    expect(await at.row(flagged)).toEqual({ submissionId: at.id, flag: null });
    expect(await at.newReply()).toBe(1);
    expect(await at.audit()).toEqual([
      { action: "confirm-sender", detail: flagged, submissionId: at.id },
    ]);
    // Again, or to Unmatched afterwards: nothing left to do.
    for (const type of ["confirm-sender", "unmatch"] as const) {
      expect(await at.act({ type, messageId: flagged })).toMatchObject({
        ok: false,
        error: "invalid",
      });
    }
    expect(await at.row(flagged)).toEqual({ submissionId: at.id, flag: null });
    expect(await at.audit()).toHaveLength(1);
  });

  it("Move to Unmatched takes it out of the thread into Unmatched, no New reply", async () => {
    const at = await setUp();
    const flagged = await at.message("sender");
    expect(await at.act({ type: "unmatch", messageId: flagged })).toMatchObject({
      ok: true,
      done: "toUnmatched",
    });
    expect(await at.row(flagged)).toEqual({ submissionId: null, flag: null });
    expect(await at.newReply()).toBe(0);
    const unmatched = await at.fixture.port.unmatched();
    expect(unmatched.messages.map((entry) => entry.id)).toContain(flagged);
    expect(await at.audit()).toEqual([
      { action: "unmatch-reply", detail: flagged, submissionId: at.id },
    ]);
  });

  it("changes nothing for a message that is not flagged, is automatic, or is another application's", async () => {
    const at = await setUp();
    const applicants = await at.message(null);
    const automatic = await at.message("automatic");
    const elsewhere = await at.message("sender", at.otherId);
    for (const messageId of [applicants, automatic, elsewhere, "not-a-uuid", randomUUID()]) {
      for (const type of ["confirm-sender", "unmatch"] as const) {
        expect(await at.act({ type, messageId })).toEqual({
          ok: false,
          error: "invalid",
          message:
            "That email is no longer waiting for a confirmation: confirmed or moved meanwhile.",
        });
      }
    }
    expect(await at.row(applicants)).toEqual({ submissionId: at.id, flag: null });
    expect(await at.row(automatic)).toEqual({ submissionId: at.id, flag: "automatic" });
    expect(await at.row(elsewhere)).toEqual({ submissionId: at.otherId, flag: "sender" });
    expect([await at.newReply(), await at.newReply(at.otherId)]).toEqual([0, 0]);
    expect(await at.audit()).toEqual([]);
  });
});
