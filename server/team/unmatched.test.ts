import { randomUUID } from "node:crypto";
import { readdir } from "node:fs/promises";
import { expect, it } from "vitest";
import { storeApplications } from "../db/applications/store.ts";
import { unmatchedCount } from "../db/messages.ts";
import { inboundDirectory } from "../mail/inbound-files.ts";
import { describeEachBackend } from "../test/backends.ts";
import { floodMessageId, floodMessages } from "../test/flood.ts";
import { newReplyOf, pendingApplication, storedInboundMessage } from "../test/stored.ts";
import { teamFixtureWithMember } from "../test/team.ts";

describeEachBackend("the Unmatched page's side on $name", (backend) => {
  async function setUp() {
    const { fixture, member } = await teamFixtureWithMember(backend, "maya@reelsmith.example");
    const stored = pendingApplication({ row: { email: "ana@example.org" }, deliveries: [] });
    await storeApplications(fixture.database.db, [stored]);
    const port = fixture.port;
    const files = () =>
      readdir(inboundDirectory(fixture.dataDir), { recursive: true }).catch(() => [] as string[]);
    const audit = () =>
      fixture.database.db
        .selectFrom("teamAuditLog")
        .select(["submissionId", "memberEmail", "action", "detail"])
        .execute();
    return { fixture, member, port, application: stored.row.id, files, audit };
  }

  it("offers the applications a typed name or email matches, as choices to attach to", async () => {
    const { port, application } = await setUp();
    const choice = {
      id: application,
      name: "Maya Lopez",
      email: "ana@example.org",
      plan: "Influencer",
      spam: false,
    };
    expect(await port.applicationsNamed("ANA@EXAMPLE")).toEqual([
      { ...choice, receivedAt: expect.any(Number) },
    ]);
    expect(await port.applicationsNamed("maya lo")).toMatchObject([choice]);
    expect(await port.applicationsNamed("ma")).toEqual([]);
    expect(await port.applicationsNamed("nobody@example.org")).toEqual([]);
  });

  it("lists them with their text, checks and attachments; attaches one once, by the page's address", async () => {
    const { fixture, member, port, application, audit } = await setUp();
    const message = await storedInboundMessage(fixture.database, fixture.dataDir, null);
    const [listed] = (await port.unmatched()).messages;
    expect(listed).toMatchObject({
      id: message.id,
      direction: "in",
      source: "received",
      from: "Maya <maya@example.org>",
      subject: "Re: my application",
      visible: "Here it is.",
      full: "Here it is.\n\n> quoted",
      auth: { spf: "pass", dkim: "none", dmarc: "fail" },
      attachments: [{ id: message.attachmentId, filename: "brief.pdf", size: 14 }],
    });

    expect(
      await port.actOnUnmatched(member, message.id, { type: "attach", applicationId: "nope" }),
    ).toMatchObject({ ok: false, error: "invalid" });
    expect(
      await port.actOnUnmatched(member, message.id, {
        type: "attach",
        applicationId: randomUUID(),
      }),
    ).toMatchObject({ ok: false, error: "invalid" });

    const url = `http://localhost:3000/team/applications/${application}`;
    expect(
      await port.actOnUnmatched(member, message.id, { type: "attach", applicationId: url }),
    ).toMatchObject({ ok: true, done: "attachReply" });
    expect(
      await port.actOnUnmatched(member, message.id, { type: "attach", applicationId: url }),
    ).toMatchObject({ ok: false, error: "not_found" });
    expect((await port.unmatched()).messages).toEqual([]);
    expect(await newReplyOf(fixture.database, application)).toBe(1);
    expect(await audit()).toEqual([
      {
        submissionId: application,
        memberEmail: "maya@reelsmith.example",
        action: "attach-reply",
        detail: message.id,
      },
    ]);
  });

  it("shows automatic mail as such, and attaching it makes no New reply (decision 0063)", async () => {
    const { fixture, member, port, application } = await setUp();
    const message = await storedInboundMessage(fixture.database, fixture.dataDir, null);
    await fixture.database.db
      .updateTable("applicationMessages")
      .set({ flag: "automatic" })
      .where("id", "=", message.id)
      .execute();
    expect((await port.unmatched()).messages.map((entry) => entry.flag)).toEqual(["automatic"]);
    expect(
      await port.actOnUnmatched(member, message.id, {
        type: "attach",
        applicationId: application,
      }),
    ).toMatchObject({ ok: true, done: "attachReply" });
    expect(await newReplyOf(fixture.database, application)).toBe(0);
  });

  it("deletes one with its files, writes its line; serves an attachment's bytes to members", async () => {
    const { fixture, member, port, files, audit } = await setUp();
    const message = await storedInboundMessage(fixture.database, fixture.dataDir, null);
    const file = await port.attachment(message.attachmentId);
    expect(file).toMatchObject({ filename: "brief.pdf", contentType: "application/pdf" });
    expect(Buffer.from(file?.body ?? []).toString()).toBe("%PDF-1.4 brief");
    expect(await port.attachment(randomUUID())).toBeUndefined();
    expect(await port.attachment("../../etc/passwd")).toBeUndefined();

    expect(await port.actOnUnmatched(member, message.id, { type: "delete" })).toMatchObject({
      ok: true,
      done: "deleteUnmatched",
    });
    expect((await port.unmatched()).messages).toEqual([]);
    expect(await files()).toEqual([]);
    expect(await port.attachment(message.attachmentId)).toBeUndefined();
    expect(await audit()).toEqual([
      {
        submissionId: null,
        memberEmail: "maya@reelsmith.example",
        action: "delete-unmatched",
        detail: message.id,
      },
    ]);
    expect(await port.actOnUnmatched(member, message.id, { type: "delete" })).toMatchObject({
      ok: false,
      error: "not_found",
    });
  });

  it("erasing the applicant takes their replies' files too", async () => {
    const { fixture, member, port, application, files } = await setUp();
    await storedInboundMessage(fixture.database, fixture.dataDir, application);
    const kept = await storedInboundMessage(fixture.database, fixture.dataDir, null);
    expect(await port.act(member, application, { type: "erase" })).toMatchObject({ ok: true });
    expect((await files()).sort()).toEqual(
      [kept.id, `${kept.id}.eml`, `${kept.id}/${kept.attachmentId}`].sort(),
    );
  });

  it("erasing the applicant takes their unmatched mail, from or to their address, with its files", async () => {
    const { fixture, member, port, application, files } = await setUp();
    const from = await storedInboundMessage(fixture.database, fixture.dataDir, null, {
      from: "ANA@Example.org",
    });
    const to = await storedInboundMessage(fixture.database, fixture.dataDir, null, {
      to: "Someone <someone@example.net>, ana@example.org",
    });
    // Strangers whose addresses merely hold theirs stay.
    const strangers = [
      await storedInboundMessage(fixture.database, fixture.dataDir, null, {
        from: "hana@example.org",
      }),
      await storedInboundMessage(fixture.database, fixture.dataDir, null, {
        from: "ana@example.org.evil",
        to: "ana_example.org@reply.example",
      }),
      await storedInboundMessage(fixture.database, fixture.dataDir, null, {
        from: "a%a@example.org",
      }),
    ];
    expect((await port.unmatched()).total).toBe(5);
    expect(await port.act(member, application, { type: "erase" })).toMatchObject({ ok: true });
    const left = (await port.unmatched()).messages.map((message) => message.id);
    expect(left.sort()).toEqual(strangers.map((message) => message.id).sort());
    expect(left).not.toContain(from.id);
    expect(left).not.toContain(to.id);
    const names = await files();
    for (const gone of [from, to]) {
      expect(names.filter((name) => name.startsWith(gone.id))).toEqual([]);
    }
    expect(names.filter((name) => name.endsWith(".eml"))).toHaveLength(3);
    expect(
      await fixture.database.db.selectFrom("messageAttachments").select("id").execute(),
    ).toHaveLength(3);
  });

  it("lists them 20 to a page, counted the same everywhere, each attachable and deletable at any depth", async () => {
    const { fixture, member, port, application } = await setUp();
    // 103 of 256 KB each: a page would have been 100 of them whole (26 MB), the rest unseen.
    await floodMessages(fixture.database, {
      applicationId: null,
      count: 103,
      chars: 256 * 1024,
      from: Date.now() - 10_000,
    });
    const first = await port.unmatched();
    expect(first.total).toBe(103);
    expect(await unmatchedCount(fixture.database.db)).toBe(103);
    expect(first.later).toBe(false);
    expect(first.messages.map((message) => message.id)).toEqual(
      Array.from({ length: 20 }, (_, i) => floodMessageId(103 - i)),
    );
    expect(JSON.stringify(first).length).toBeLessThan(250_000);
    expect(first.messages[0]).toMatchObject({ cut: true, raw: true });
    const seen = first.messages.map((message) => message.id);
    let next = first.next;
    let pages = 1;
    while (next) {
      const page = await port.unmatched({ before: next });
      expect(page).toMatchObject({ total: 103, later: true });
      seen.push(...page.messages.map((message) => message.id));
      next = page.next;
      pages += 1;
    }
    expect(pages).toBe(6);
    expect(new Set(seen).size).toBe(103);
    expect(seen.at(-1)).toBe(floodMessageId(1));

    // One, as the list shows it (cut), whatever its page: the one a member works on.
    expect(await port.unmatchedMessage(floodMessageId(1))).toMatchObject({
      id: floodMessageId(1),
      cut: true,
    });
    expect(await port.unmatchedMessage("not-an-id")).toBeUndefined();

    // The oldest two, on the last page: one attached, one deleted.
    expect(
      await port.actOnUnmatched(member, floodMessageId(1), {
        type: "attach",
        applicationId: application,
      }),
    ).toMatchObject({ ok: true, done: "attachReply" });
    expect(await port.actOnUnmatched(member, floodMessageId(2), { type: "delete" })).toMatchObject({
      ok: true,
      done: "deleteUnmatched",
    });
    expect((await port.unmatched()).total).toBe(101);
    // Attached or deleted, neither is an unmatched message any more.
    expect(await port.unmatchedMessage(floodMessageId(1))).toBeUndefined();
    expect(await port.unmatchedMessage(floodMessageId(2))).toBeUndefined();
    expect(await unmatchedCount(fixture.database.db)).toBe(101);
    // A cursor that is not one is the first page, never an error.
    expect((await port.unmatched({ before: "1_constructor" })).later).toBe(false);
  });
});
