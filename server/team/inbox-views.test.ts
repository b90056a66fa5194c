import { describe, expect, it } from "vitest";
import { type InboxQuery, inboxParams, parseInboxQuery } from "#app/shared/inbox-query.ts";
import { inboxRows, viewCounts } from "../db/applications/inbox.ts";
import { storeApplications } from "../db/applications/store.ts";
import { newReplyUpdate } from "../db/messages.ts";
import { describeEachBackend } from "../test/backends.ts";
import { pendingApplication } from "../test/stored.ts";
import { teamFixture } from "../test/team.ts";

const query = (params: string): InboxQuery => parseInboxQuery(new URLSearchParams(params));
const hour = 3600_000;

describe("the inbox's views, as the URL carries them", () => {
  it("are presets of the filters: what needs a reply, whose, how late", () => {
    expect(query("view=needs")).toMatchObject({ view: "needs", needsReply: true });
    expect(query("view=mine")).toMatchObject({ view: "mine", needsReply: true, owner: "me" });
    expect(query("view=unassigned")).toMatchObject({ view: "unassigned", owner: "none" });
    expect(query("view=overdue")).toMatchObject({
      view: "overdue",
      needsReply: false,
      due: "overdue",
    });
    expect(query("")).toMatchObject({ view: undefined, needsReply: false });
    expect(query("view=__proto__")).toMatchObject({ view: undefined, needsReply: false });
  });

  it("follow the filters' own Owner and Due, and come back whole from their links", () => {
    // The filters' form in Needs reply sends view=needs with the Owner chosen.
    expect(query("view=needs&owner=me&due=")).toMatchObject({ view: "mine", owner: "me" });
    expect(query("view=mine&owner=")).toMatchObject({ view: "needs", owner: undefined });
    // A view with a status is still a query of what needs a reply, no longer a view of its own.
    const narrowed = query("view=mine&status=contacted");
    expect(narrowed).toMatchObject({ view: "mine", needsReply: true, status: "contacted" });
    for (const params of [
      "view=mine",
      "view=unassigned&plan=Creator",
      "view=overdue",
      "view=needs&owner=me&due=today",
    ]) {
      const parsed = query(params);
      expect(query(inboxParams(parsed).toString()), params).toEqual(parsed);
    }
  });
});

describeEachBackend("the inbox's views on $name", (backend) => {
  it("hold what needs an answer, counted as they list it; a new reply puts an answered application back", async () => {
    const fixture = await teamFixture(backend);
    const me = await fixture.member("ana@reelsmith.example");
    const other = await fixture.member("dan@reelsmith.example");
    const now = Date.now();
    const at = (hoursAgo: number, row: Record<string, unknown>) =>
      pendingApplication({
        row: {
          createdAt: now - hoursAgo * hour,
          dueAt: now - hoursAgo * hour + 24 * hour,
          ...row,
        },
        deliveries: [],
      });
    const applications = {
      mineOpen: at(2, { name: "Mine open", ownerId: me.id }),
      mineOverdue: at(30, { name: "Mine overdue", ownerId: me.id }),
      mineAnswered: at(5, { name: "Mine answered", ownerId: me.id, firstResponseAt: now - hour }),
      otherOpen: at(3, { name: "Dan's open", ownerId: other.id }),
      nobodyOpen: at(1, { name: "Nobody's open", ownerId: null }),
      nobodyAnswered: at(6, {
        name: "Nobody answered",
        ownerId: null,
        firstResponseAt: now - 2 * hour,
      }),
      spam: at(4, { name: "Spam", ownerId: null, isSpam: 1 }),
    };
    await storeApplications(fixture.database.db, Object.values(applications));
    const port = fixture.port;
    // The inbox as the signed-in member sees it ("Mine" is theirs).
    const viewer = { memberId: me.id, now };
    const names = async (params: string) =>
      (await inboxRows(fixture.database, query(params), 50, viewer)).rows.map((row) => row.name);
    const counts = () => viewCounts(fixture.database, viewer, 1000);

    // The unanswered by due time (the soonest first), then the replies back, newest first.
    expect(await names("view=needs")).toEqual([
      "Mine overdue",
      "Dan's open",
      "Mine open",
      "Nobody's open",
    ]);
    expect(await names("view=mine")).toEqual(["Mine overdue", "Mine open"]);
    expect(await names("view=unassigned")).toEqual(["Nobody's open"]);
    expect(await names("view=overdue")).toEqual(["Mine overdue"]);
    expect(await counts()).toEqual({ needs: 4, mine: 2, unassigned: 1, overdue: 1 });

    // An applicant answers: the answered application needs a reply again, in every view of it.
    await newReplyUpdate(fixture.database.db, applications.mineAnswered.row.id, true).execute();
    await newReplyUpdate(fixture.database.db, applications.nobodyAnswered.row.id, true).execute();
    // A reply back to spam is no work.
    await newReplyUpdate(fixture.database.db, applications.spam.row.id, true).execute();
    expect(await names("view=needs")).toEqual([
      "Mine overdue",
      "Dan's open",
      "Mine open",
      "Nobody's open",
      "Mine answered",
      "Nobody answered",
    ]);
    expect(await names("view=mine")).toEqual(["Mine overdue", "Mine open", "Mine answered"]);
    expect(await names("view=unassigned")).toEqual(["Nobody's open", "Nobody answered"]);
    expect(await counts()).toEqual({ needs: 6, mine: 3, unassigned: 2, overdue: 1 });
    // Read (or answered): out again.
    await newReplyUpdate(fixture.database.db, applications.mineAnswered.row.id, false).execute();
    expect(await names("view=mine")).toEqual(["Mine overdue", "Mine open"]);
    expect((await counts()).mine).toBe(2);
    // Counted up to a cap: a backlog beyond it is the cap ("1,000+"), never less.
    expect(await viewCounts(fixture.database, viewer, 3)).toEqual({
      needs: 3,
      mine: 2,
      unassigned: 2,
      overdue: 1,
    });
    // The export of a view holds what the view lists.
    const csv = await new Response(port.export(query("view=unassigned"), "csv")).text();
    expect(csv).toContain("Nobody's open");
    expect(csv).toContain("Nobody answered");
    expect(csv).not.toContain("Dan's open");
    expect(csv).not.toContain("Mine open");
  });
});
