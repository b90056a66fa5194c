import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  movedPath,
  pathFragments,
  renameWord,
  rewriteMarkdown,
  rewriteProse,
} from "./entity-name-rules.ts";
import { type Report, runCodemod } from "./one-entity-name.ts";

const tsconfig = {
  include: ["**/*.ts"],
  exclude: ["node_modules"],
  compilerOptions: {
    target: "ES2023",
    module: "preserve",
    moduleResolution: "bundler",
    strict: true,
    noEmit: true,
    allowImportingTsExtensions: true,
    skipLibCheck: true,
    types: [],
  },
};

const schema = `import type { Selectable } from "kysely";

export interface SubmissionsTable {
  id: string;
  email: string;
}

export interface DeliveriesTable {
  id: string;
  submissionId: string;
}

export interface Database {
  submissions: SubmissionsTable;
  deliveries: DeliveriesTable;
}

export type Submission = Selectable<SubmissionsTable>;
`;

const reads = `import type { Kysely } from "kysely";
import type { Database, Submission } from "../schema.ts";

/** Finds a submission by its id (the submissions table). */
export function findSubmission(db: Kysely<Database>, submissionId: string): Promise<Submission | undefined> {
  return db.selectFrom("submissions").selectAll().where("submissions.id", "=", submissionId).executeTakeFirst();
}

interface Listed {
  delivery: string;
  submissionId: string;
}

export async function deliveriesOf(db: Kysely<Database>, submissionId: string) {
  const rows = await db.selectFrom("deliveries").select(["id", "submissionId"]).where("submissionId", "=", submissionId).execute();
  return rows.map((row): Listed => ({ delivery: row.id, submissionId: row.submissionId }));
}

export async function addDelivery(db: Kysely<Database>, submissionId: string) {
  await db.insertInto("deliveries").values({ id: "x", submissionId }).execute();
}

/** A row built apart from its insert: no type says that its key is the column. */
export function deliveryRow(submissionId: string) {
  return { id: "y", submissionId };
}

export async function addRow(db: Kysely<Database>, submissionId: string) {
  await db.insertInto("deliveries").values(deliveryRow(submissionId)).execute();
}

export const webhookBody = (id: string) => JSON.stringify({ type: "submission.created", data: { id } });
`;

const use = `import { findSubmission } from "./db/submissions/reads.ts";

export const found = findSubmission;
`;

const expectations = `import type { Selectable } from "kysely";
import type { DeliveriesTable } from "./db/schema.ts";

declare function expect<T>(actual: T): { toEqual<E>(expected: E): void };

interface Failure {
  submissionId: string;
}

export function check(failures: Failure[], rows: Selectable<DeliveriesTable>[]) {
  expect(failures).toEqual([{ submissionId: "a" }]);
  expect(rows).toEqual([{ id: "x", submissionId: "b" }]);
}
`;

const collides = `export function total() {
  const application = 1;
  const submission = 2;
  return application + submission;
}
`;

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function fixture(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), "entity-name-"));
  roots.push(root);
  symlinkSync(path.resolve("node_modules"), path.join(root, "node_modules"));
  writeFileSync(path.join(root, "tsconfig.json"), JSON.stringify(tsconfig));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

const read = (root: string, file: string) => readFileSync(path.join(root, file), "utf8");

describe("the one-entity-name codemod on fixture sources", () => {
  it("renames the code's names, moves the folder, and keeps SQL names and contracts", () => {
    const root = fixture({
      "server/db/schema.ts": schema,
      "server/db/submissions/reads.ts": reads,
      "server/use.ts": use,
      "server/expectations.ts": expectations,
      "docs/notes.md": "See `server/db/submissions/reads.ts` and `findSubmission`.\n",
    });
    const report: Report = runCodemod({ root, write: true, format: false });

    expect(report.moved).toEqual([
      ["server/db/submissions/reads.ts", "server/db/applications/reads.ts"],
    ]);
    expect(existsSync(path.join(root, "server/db/submissions/reads.ts"))).toBe(false);
    const after = read(root, "server/db/applications/reads.ts");
    // Renamed: the function, its parameter, the type, the comment's word.
    expect(after).toContain(
      "export function findApplication(db: Kysely<Database>, applicationId: string): Promise<Application | undefined>",
    );
    expect(after).toContain('import type { Database, Application } from "../schema.ts";');
    expect(after).toContain("/** Finds an application by its id (the submissions table). */");
    // Kept: the table, the column (in strings and as a row's property), the webhook's type.
    expect(after).toContain(
      'db.selectFrom("submissions").selectAll().where("submissions.id", "=", applicationId)',
    );
    expect(after).toContain(
      '.select(["id", "submissionId"]).where("submissionId", "=", applicationId)',
    );
    expect(after).toContain("  applicationId: string;");
    expect(after).toContain("({ delivery: row.id, applicationId: row.submissionId })");
    expect(after).toContain('.values({ id: "x", submissionId: applicationId })');
    expect(after).toContain('return { id: "y", submissionId: applicationId };');
    expect(after).toContain('"submission.created"');
    // The schema: the interfaces' names are code, their keys are SQL.
    const schemaAfter = read(root, "server/db/schema.ts");
    expect(schemaAfter).toContain("submissions: ApplicationsTable;");
    expect(schemaAfter).toContain("  submissionId: string;");
    expect(schemaAfter).toContain("export type Application = Selectable<ApplicationsTable>;");
    // A test's expected object has the keys of what it is compared with.
    const expected = read(root, "server/expectations.ts");
    expect(expected).toContain('expect(failures).toEqual([{ applicationId: "a" }]);');
    expect(expected).toContain('expect(rows).toEqual([{ id: "x", submissionId: "b" }]);');
    // Imports and documents follow.
    expect(read(root, "server/use.ts")).toBe(
      'import { findApplication } from "./db/applications/reads.ts";\n\nexport const found = findApplication;\n',
    );
    expect(read(root, "docs/notes.md")).toBe(
      "See `server/db/applications/reads.ts` and `findApplication`.\n",
    );

    // Again on its own output: nothing left to do.
    const again = runCodemod({ root, write: true, format: false });
    expect(again.symbols).toBe(0);
    expect(again.moved).toEqual([]);
    expect(again.changedFiles).toEqual([]);
  });

  it("reports a name that would meet one already in scope, and writes nothing", () => {
    const root = fixture({ "server/total.ts": collides });
    expect(() => runCodemod({ root, write: true, format: false })).toThrow(
      /server\/total\.ts:3: submission → application meets application declared in server\/total\.ts/,
    );
    expect(read(root, "server/total.ts")).toBe(collides);
  });
});

describe("the codemod's text rules", () => {
  it("renames the word in each of its cases", () => {
    expect(renameWord("storeSubmissions")).toBe("storeApplications");
    expect(renameWord("SUBMISSION_LIMIT")).toBe("APPLICATION_LIMIT");
    expect(renameWord("submission")).toBe("application");
  });

  it("rewrites prose but not SQL names, and mends the article", () => {
    const renamed = new Map([["storeSubmissions", "storeApplications"]]);
    expect(rewriteProse("// Stores a submission (storeSubmissions).", renamed)).toBe(
      "// Stores an application (storeApplications).",
    );
    expect(
      rewriteProse(
        "// INSERT … SELECT FROM submissions; the submissions table; submissions.ip_hash; submission_id; `submissions`",
        renamed,
      ),
    ).toBe(
      "// INSERT … SELECT FROM submissions; the submissions table; submissions.ip_hash; submission_id; `submissions`",
    );
  });

  it("moves paths but not the migrations, and documents name the new paths", () => {
    expect(movedPath("server/db/submissions/store.ts")).toBe("server/db/applications/store.ts");
    expect(movedPath("server/db/migrations/0001_submissions.ts")).toBe(
      "server/db/migrations/0001_submissions.ts",
    );
    const fragments = pathFragments(
      new Map([["server/cli/submissions-program.ts", "server/cli/applications-program.ts"]]),
    );
    expect(
      rewriteMarkdown(
        "`cli/submissions-program.ts`: `npm run submissions -- list`, the `submissions` table.",
        new Map(),
        fragments,
      ),
    ).toBe(
      "`cli/applications-program.ts`: `npm run applications -- list`, the `submissions` table.",
    );
  });
});
