import { expect, it } from "vitest";
import { parseInboxQuery } from "#app/shared/inbox-query.ts";
import { describeEachBackend, migratedDatabase } from "../../test/backends.ts";
import { pendingApplication } from "../../test/stored.ts";
import { inboxRows } from "./inbox.ts";
import { storeApplications } from "./store.ts";
import { applicationSources } from "./visit-sources.ts";

describeEachBackend("the inbox's Source filter ($name)", (backend) => {
  it("offers the sources seen and shows one source's applications, Direct, or Not known", async () => {
    const { database } = await migratedDatabase(backend);
    const from = (visitSource: string | null, name: string) =>
      pendingApplication({ row: { name, visitSource, visitLandingPage: visitSource && "/" } });
    await storeApplications(database.db, [
      from("newsletter", "Ada"),
      from("news.example", "Bo"),
      from("(direct)", "Cy"),
      from(null, "Di"),
      from("newsletter", "Ed"),
    ]);
    expect(await applicationSources(database)).toEqual(["(direct)", "news.example", "newsletter"]);
    const names = async (source: string) => {
      const query = parseInboxQuery(new URLSearchParams({ source }));
      const page = await inboxRows(database, query, 50);
      return page.rows.map((row) => row.name).sort();
    };
    expect(await names("newsletter")).toEqual(["Ada", "Ed"]);
    expect(await names("(direct)")).toEqual(["Cy"]);
    expect(await names("(unknown)")).toEqual(["Di"]);
    expect(await names("")).toHaveLength(5);
  });

  it("offers the first 50 sources in order, each once", async () => {
    const { database } = await migratedDatabase(backend);
    const sources = Array.from({ length: 52 }, (_, i) => `source-${String(i).padStart(2, "0")}`);
    await storeApplications(
      database.db,
      [...sources, ...sources.slice(0, 10)]
        .reverse()
        .map((visitSource) => pendingApplication({ row: { visitSource } })),
    );
    expect(await applicationSources(database)).toEqual(sources.slice(0, 50));
  });
});
