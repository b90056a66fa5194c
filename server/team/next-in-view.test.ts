import { describe, expect, it } from "vitest";
import { cursorOf, type InboxQuery, parseInboxQuery } from "#app/shared/inbox-query.ts";
import { storeApplications } from "../db/applications/store.ts";
import { storageBackends } from "../test/backends.ts";
import { pendingApplication } from "../test/stored.ts";
import { teamFixture } from "../test/team.ts";

const query = (params: string): InboxQuery => parseInboxQuery(new URLSearchParams(params));
const hour = 3600_000;

// "Send and next" (decision 0073): the application after the one just worked on, in the order
// of the view the inbox showed, never that one again; none at the end of the view.
describe.each(storageBackends())("the next application of a view on $name", (backend) => {
  it.skipIf(backend.skip)(
    "follows the view's order from where the one answered stood, and ends",
    async () => {
      const fixture = await teamFixture(backend);
      const now = Date.now();
      // Three waiting for an answer (due soonest first), one Onboarded on the Creator plan.
      const made = (hoursAgo: number) =>
        pendingApplication({ row: { createdAt: now - hoursAgo * hour } });
      const [first, second, third] = [made(3), made(2), made(1)];
      const answered = pendingApplication({ row: { createdAt: now - hour } });
      await storeApplications(fixture.database.db, [first, second, third, answered]);
      await fixture.database.db
        .updateTable("submissions")
        .set({ firstResponseAt: now, status: "onboarded" })
        .where("id", "=", answered.row.id)
        .execute();
      const at = (one: typeof first) =>
        cursorOf(
          { createdAt: one.row.createdAt, id: one.row.id, dueAt: one.row.dueAt ?? null },
          true,
        );
      const next = (params: string, after: string, exclude: string) =>
        fixture.port.nextInView(query(params), after, exclude);

      expect(await next("view=needs", at(first), first.row.id)).toBe(second.row.id);
      expect(await next("view=needs", at(second), second.row.id)).toBe(third.row.id);
      // The last of the view: nothing after it (the answered one needs no reply).
      expect(await next("view=needs", at(third), third.row.id)).toBeUndefined();
      // All goes on into the rest, newest first, and never back to the one excluded.
      expect(await next("", at(third), third.row.id)).toBe(answered.row.id);
    },
  );
});
