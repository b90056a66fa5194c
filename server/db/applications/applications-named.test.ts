import { expect, it } from "vitest";
import { namedApplicationsMax } from "#app/shared/application-reference.ts";
import { describeEachBackend, migratedDatabase } from "../../test/backends.ts";
import { pendingApplication } from "../../test/stored.ts";
import { applicationsNamed } from "./applications-named.ts";
import { storeApplications } from "./store.ts";

// The Unmatched page's search by name or email (the inbox's search), on both backends.
describeEachBackend("applications named by a member on $name", (backend) => {
  async function stored(rows: { name: string; email: string; isSpam?: number }[]) {
    const { database } = await migratedDatabase(backend);
    const now = Date.now();
    const applications = rows.map((row, index) =>
      pendingApplication({
        // Handle and niche (searched too) that none of the tests' texts are part of.
        row: {
          accountHandle: `@h${index}x`,
          contentNiche: "Recipes",
          ...row,
          createdAt: now - (rows.length - index) * 1000,
        },
      }),
    );
    await storeApplications(database.db, applications, now);
    return { database, ids: applications.map((application) => application.row.id) };
  }

  it("finds them by part of the name or the email, in any case, newest first, spam included", async () => {
    const { database, ids } = await stored([
      { name: "Maya Lopez", email: "maya.lopez@example.org" },
      { name: "Dan Okafor", email: "dan@studio.example" },
      { name: "Mayank Shah", email: "m.shah@example.net", isSpam: 1 },
    ]);
    const names = async (text: string) =>
      (await applicationsNamed(database, text)).map((row) => row.name);
    expect(await names("maya")).toEqual(["Mayank Shah", "Maya Lopez"]);
    expect(await names("MAYA LO")).toEqual(["Maya Lopez"]);
    expect(await names("dan@studio")).toEqual(["Dan Okafor"]);
    expect(await names("EXAMPLE.NET")).toEqual(["Mayank Shah"]);
    // Three characters, the trigram indexes' unit.
    expect(await names("oka")).toEqual(["Dan Okafor"]);
    expect(await names("nobody")).toEqual([]);
    const [first] = await applicationsNamed(database, "maya.lopez@example.org");
    expect(first).toMatchObject({ id: ids[0], email: "maya.lopez@example.org" });
    expect(Number(first?.isSpam)).toBe(0);
  });

  it("offers at most a few, and takes LIKE's wildcards literally", async () => {
    const many = Array.from({ length: namedApplicationsMax + 4 }, (_, index) => ({
      name: `Rosa ${String(index).padStart(2, "0")}`,
      email: `rosa${index}@example.org`,
    }));
    const { database } = await stored([...many, { name: "Fifty_50%", email: "f@example.org" }]);
    const found = await applicationsNamed(database, "rosa");
    expect(found).toHaveLength(namedApplicationsMax);
    expect(found[0]?.name).toBe(`Rosa ${String(many.length - 1).padStart(2, "0")}`);
    expect((await applicationsNamed(database, "y_50%")).map((row) => row.name)).toEqual([
      "Fifty_50%",
    ]);
    expect(await applicationsNamed(database, "a%")).toEqual([]);
    expect(await applicationsNamed(database, "%%")).toEqual([]);
  });

  it("searches nothing too short, too long or with control characters", async () => {
    const { database } = await stored([{ name: "Al", email: "al@example.org" }]);
    expect(await applicationsNamed(database, "  al  ")).toEqual([]);
    expect(await applicationsNamed(database, "")).toEqual([]);
    expect(await applicationsNamed(database, `al${"x".repeat(200)}`)).toEqual([]);
    expect(await applicationsNamed(database, "al\u0000")).toEqual([]);
    expect((await applicationsNamed(database, " al@ ")).map((row) => row.name)).toEqual(["Al"]);
  });
});
