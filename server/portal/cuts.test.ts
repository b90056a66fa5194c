import { expect, it } from "vitest";
import { addMember } from "../db/members.ts";
import {
  decisionForTests,
  footageComplete,
  markableRequestsOf,
  versionForTests,
} from "../db/portal/request-clock.ts";
import { describeEachBackend, migratedDatabase } from "../test/backends.ts";
import { clientWithRequest } from "../test/portal.ts";
import { clientClock, cutAction, cutFigures, cutsView, dueCounts } from "./cuts.ts";
import { requestPage } from "./request-page.ts";

const hourMs = 1000;
const settings = { hourMs, reminderLeadMs: 4 * hourMs };

describeEachBackend("the Cuts due view on $name", (backend) => {
  it("lists every open cut soonest due first, counts due and overdue per client, and figures only cuts delivered or past due", async () => {
    const { database } = await migratedDatabase(backend);
    await addMember(database, "eve@example.com");
    const start = 1_000_000;
    // Enterprise: 24 h; Influencer: 48 h; Creator: 168 h. Creator's first cut delivered on time.
    const enterprise = await clientWithRequest(database, { plan: "Enterprise", name: "Ent" });
    const influencer = await clientWithRequest(database, { plan: "Influencer", name: "Inf" });
    const creator = await clientWithRequest(database, { plan: "Creator", name: "Cre" });
    const notYet = await clientWithRequest(database, { plan: "Creator", name: "Not yet" });
    for (const client of [enterprise, influencer, creator]) {
      await footageComplete(database, { ...client, now: start });
    }
    await versionForTests(database, { ...creator, number: 1, createdAt: start + 10 * hourMs });
    await decisionForTests(database, {
      requestId: creator.requestId,
      number: 1,
      decision: "changes",
      at: start + 11 * hourMs,
    });
    const now = start + 30 * hourMs;
    const view = await cutsView(database, now, settings);
    expect(view.rows.map((row) => [row.clientName, row.turn, row.state])).toEqual([
      ["Ent", 0, "overdue"],
      ["Inf", 0, "running"],
      ["Cre", 1, "running"],
    ]);
    expect(view.rows[0]?.spanMs).toBe(6 * hourMs);
    expect(view.rows[1]).toMatchObject({ dueAt: start + 48 * hourMs, spanMs: 18 * hourMs });
    expect(view.rows.every((row) => row.editor?.name !== undefined)).toBe(true);
    expect(view.rows.map((row) => row.requestId)).not.toContain(notYet.requestId);

    const counts = await dueCounts(database, now, settings);
    expect(counts[enterprise.clientId]).toEqual({ due: 0, overdue: 1 });
    expect(counts[influencer.clientId]).toEqual({ due: 1, overdue: 0 });
    expect(counts[notYet.clientId]).toBeUndefined();

    // Counted: Creator's v1 (on time) and Enterprise's overdue cut; the two running are not.
    const figures = await cutFigures(database, now, settings);
    expect(figures).toMatchObject({ counted: 2, onTime: 1, overdue: 1, notYetDue: 2 });
    expect(figures.onTimeRate).toBe(0.5);
  });

  it("nothing counted: no rate (never 100 % of nothing)", async () => {
    const { database } = await migratedDatabase(backend);
    const figures = await cutFigures(database, Date.now(), settings);
    expect(figures.counted).toBe(0);
    expect(figures.onTimeRate).toBeNull();
    expect(figures.claim.rate).toBeNull();
  });

  it("six requests marked complete at once take three editors' turns two each (the round robin holds across connections)", async () => {
    const { database } = await migratedDatabase(backend);
    for (const name of ["ann", "ben", "cat"]) await addMember(database, `${name}@example.com`);
    const requests = [];
    for (let i = 0; i < 6; i += 1) {
      requests.push(await clientWithRequest(database, { name: `Client ${i}` }));
    }
    const marked = await Promise.all(
      requests.map((request) => footageComplete(database, { ...request, now: 5_000 })),
    );
    const editors = new Map<string, number>();
    for (const one of marked) {
      expect(one?.marked).toBe(true);
      const editor = one?.editorId ?? "none";
      editors.set(editor, (editors.get(editor) ?? 0) + 1);
    }
    expect([...editors.values()].sort()).toEqual([2, 2, 2]);
  });

  it("the team's actions: pause and resume, a new editor, footage complete; an unknown request or member changes nothing", async () => {
    const { database } = await migratedDatabase(backend);
    await addMember(database, "eve@example.com");
    const client = await clientWithRequest(database, { plan: "Influencer" });
    const act = (action: Parameters<typeof cutAction>[1], at = 5_000) =>
      cutAction(database, action, at);
    expect(await act({ kind: "complete", requestId: client.requestId, memberId: "m" }, 1_000)).toBe(
      "done",
    );
    // Again: done already, its clock keeps its first start.
    expect(await act({ kind: "complete", requestId: client.requestId, memberId: "m" })).toBe(
      "done",
    );
    expect((await cutsView(database, 1_000, settings)).rows[0]?.spanMs).toBe(48 * hourMs);
    expect(await act({ kind: "pause", requestId: client.requestId, memberId: "m" })).toBe("done");
    let view = await cutsView(database, 6_000, settings);
    expect(view.rows[0]?.state).toBe("paused");
    expect(await act({ kind: "resume", requestId: client.requestId, memberId: "m" })).toBe("done");
    view = await cutsView(database, 6_000, settings);
    expect(view.rows[0]?.state).toBe("running");
    const editor = { kind: "editor" as const, requestId: client.requestId, memberId: "m" };
    expect(await act({ ...editor, editorId: "no-such-member" })).toBe("none");
    expect(await act({ ...editor, editorId: null })).toBe("done");
    expect((await cutsView(database, 6_000, settings)).rows[0]?.editor).toBeNull();
    expect(await act({ kind: "pause", requestId: "no-such-request", memberId: "m" })).toBe("none");
  });

  it("a request whose first cut came before its footage was marked: marking starts nothing, takes no one's turn, and says why", async () => {
    const { database } = await migratedDatabase(backend);
    for (const name of ["ann", "ben"]) await addMember(database, `${name}@example.com`);
    const early = await clientWithRequest(database, { name: "Cut first" });
    const later = await clientWithRequest(database, { name: "Marked later" });
    // What the request's page knows of it (its page offers "footage complete" only "In edit").
    const stateOf = async () =>
      (
        await requestPage(
          database,
          async () => 0,
          { clientId: early.clientId, plan: "Creator", previews: false },
          early.requestId,
          2_000,
        )
      )?.request.state;
    // The team's form on the client's page offers what may be marked: not marked, no cut.
    const markable = async (clientId: string) =>
      (await markableRequestsOf(database, clientId, 10)).map((request) => request.id);
    expect(await stateOf()).toBe("edit");
    expect(await markable(early.clientId)).toEqual([early.requestId]);
    await versionForTests(database, { ...early, number: 1, createdAt: 1_000 });
    expect(await stateOf()).toBe("review");
    expect(await markable(early.clientId)).toEqual([]);
    expect(await clientClock(database, early.clientId, early.requestId, 2_000, settings)).toEqual({
      footageCompleteAt: null,
      dueAt: null,
    });

    expect(await footageComplete(database, { ...early, now: 2_000 })).toEqual({
      marked: false,
      editorId: null,
      cutCameFirst: true,
    });
    // The team's press says so too (the Cuts page answers 409 with why).
    const teamPress = { kind: "complete", requestId: early.requestId, memberId: "m" } as const;
    expect(await cutAction(database, teamPress, 2_500)).toBe("cut-came-first");
    expect(await clientClock(database, early.clientId, early.requestId, 3_000, settings)).toEqual({
      footageCompleteAt: null,
      dueAt: null,
    });
    expect((await cutsView(database, 3_000, settings)).rows).toEqual([]);
    // The round robin's next two turns are still ann's and ben's, one each.
    expect(await markable(later.clientId)).toEqual([later.requestId]);
    const next = await footageComplete(database, { ...later, now: 3_000 });
    expect(next).toMatchObject({ marked: true, cutCameFirst: false });
    expect(await markable(later.clientId)).toEqual([]);
    const third = await clientWithRequest(database, { name: "Third" });
    const after = await footageComplete(database, { ...third, now: 4_000 });
    expect(new Set([next?.editorId, after?.editorId]).size).toBe(2);
    // Marked first, then a cut: pressing again is "already", not "the cut came first".
    expect(await footageComplete(database, { ...later, now: 5_000 })).toMatchObject({
      marked: false,
      cutCameFirst: false,
    });
  });
});
