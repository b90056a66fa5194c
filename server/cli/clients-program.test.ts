import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { uploadFile } from "../media/media-files.ts";
import { describeEachBackend, migratedDatabase } from "../test/backends.ts";
import { runCommand } from "../test/cli.ts";
import { wavBytes } from "../test/media-bytes.ts";
import { storedApplication } from "../test/portal.ts";
import { signedInClient } from "../test/portal-session.ts";
import { applicationsProgram } from "./applications-program.ts";
import { UsageError } from "./arguments.ts";
import { clientsProgram } from "./clients-program.ts";
import { commandOf, type Program } from "./program.ts";

describe("npm run clients -- arguments", () => {
  it("refuses bad arguments before opening any database", () => {
    for (const args of [
      [],
      ["erase"],
      ["erase", "../../etc"],
      ["erase", "a", "b"],
      ["list", "x"],
    ]) {
      expect(() => commandOf(clientsProgram, args), args.join(" ")).toThrow(UsageError);
    }
  });
});

describeEachBackend("npm run clients -- on $name", (backend) => {
  it("erase ID: the client's rows and files, the one erase the page runs; then the applicant can go", async () => {
    const { database, dataDir } = await migratedDatabase(backend);
    const config = loadConfig({ DATA_DIR: dataDir });
    const run = (program: Program, ...args: string[]) =>
      runCommand(database, config, program, ...args);
    const ana = await signedInClient(database, "ana");
    const id = crypto.randomUUID();
    await mkdir(`${dataDir}/media`, { recursive: true });
    await writeFile(uploadFile(dataDir, id), wavBytes(100));
    await writeFile(`${uploadFile(dataDir, id)}.json`, "{}");
    await database.write(
      database.db.insertInto("clientUploads").values({
        id,
        clientId: ana.clientId,
        personId: null,
        size: 100,
        createdAt: 1,
        completedAt: 2,
      }),
    );
    // Ana applied too: her erase waits for the client's.
    await storedApplication(database, { email: "ana@example.com" });
    const held = await run(applicationsProgram, "erase", "--email", "ana@example.com");
    expect(held).toEqual({
      code: 1,
      out: "",
      err: `Nothing erased: ana@example.com is one of the people of the client ana (${ana.clientId}). Remove them on the client's page (or erase that client: npm run clients -- erase ${ana.clientId}) first, then erase the applicant.\n`,
    });

    expect((await run(clientsProgram, "list")).out).toContain(ana.clientId);
    const erased = await run(clientsProgram, "erase", ana.clientId.toUpperCase());
    expect(erased).toEqual({
      code: 0,
      out: `Erased the client ${ana.clientId}: 1 person, 1 request and 1 upload; deleted 2 files under DATA_DIR/media.\n`,
      err: "",
    });
    expect(existsSync(uploadFile(dataDir, id))).toBe(false);
    expect(await database.db.selectFrom("clients").select("id").execute()).toEqual([]);
    expect(await database.db.selectFrom("clientUploads").select("id").execute()).toEqual([]);
    expect(await run(clientsProgram, "erase", ana.clientId)).toEqual({
      code: 1,
      out: "",
      err: `No client with ID ${ana.clientId}.\n`,
    });
    expect((await run(clientsProgram, "list")).out).toBe("No clients yet.\n");
    const applicant = await run(applicationsProgram, "erase", "--email", "ana@example.com");
    expect(applicant.code).toBe(0);
    expect(applicant.out).toContain("Erased 1 submission");
  });
});
