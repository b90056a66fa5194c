import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { describeEachBackend, migratedDatabase } from "../test/backends.ts";
import { runCommand } from "../test/cli.ts";
import { UsageError } from "./arguments.ts";
import { commandOf } from "./program.ts";
import { teamProgram } from "./team-program.ts";

describe("npm run team -- arguments", () => {
  it("refuses bad arguments before opening any database", () => {
    for (const args of [
      [],
      ["hire", "a@example.com"],
      ["add"],
      ["add", "not-an-email"],
      ["add", "a@example.com", "b@example.com"],
      ["list", "extra"],
    ]) {
      expect(() => commandOf(teamProgram, args), args.join(" ")).toThrow(UsageError);
    }
  });
});

describeEachBackend("npm run team -- on $name", (backend) => {
  it("adds, lists and removes members (addresses in any case)", async () => {
    const { database } = await migratedDatabase(backend);
    const run = (...args: string[]) => runCommand(database, loadConfig({}), teamProgram, ...args);
    // One session at the terminal: each command, then what it prints and its exit code.
    const session: [args: string[], answer: { code: number; out?: string; err?: string }][] = [
      [["list"], { code: 0, out: "No members yet. Add one: npm run team -- add EMAIL\n" }],
      [
        ["add", "Maya@Example.com"],
        { code: 0, out: "Added maya@example.com: they can sign in at /team/sign-in.\n" },
      ],
      [["add", "maya@example.com"], { code: 0, out: "maya@example.com is already a member.\n" }],
      [["add", "dre@example.com"], { code: 0 }],
      [
        ["list"],
        {
          code: 0,
          out: "Email             Role    Passkeys  Availability\n----------------  ------  --------  ------------\ndre@example.com   Member  0         Available\nmaya@example.com  Admin   0         Available\n",
        },
      ],
      [
        ["member", "maya@example.com"],
        { code: 1, err: "maya@example.com is the last admin: make someone else admin first.\n" },
      ],
      [
        ["admin", "DRE@example.com"],
        {
          code: 0,
          out: "dre@example.com is an admin: they add and remove members on /team/settings.\n",
        },
      ],
      [
        ["member", "maya@example.com"],
        { code: 0, out: "maya@example.com is a member (not an admin).\n" },
      ],
      [["admin", "nobody@example.com"], { code: 1, err: "nobody@example.com is not a member.\n" }],
      [
        ["away", "Dre@example.com"],
        { code: 0, out: "dre@example.com is away: new applications go to the others.\n" },
      ],
      [
        ["list"],
        {
          code: 0,
          out: "Email             Role    Passkeys  Availability\n----------------  ------  --------  ------------\ndre@example.com   Admin   0         Away\nmaya@example.com  Member  0         Available\n",
        },
      ],
      [
        ["available", "dre@example.com"],
        {
          code: 0,
          out: "dre@example.com is available: new applications come to them in turn.\n",
        },
      ],
      [["away", "nobody@example.com"], { code: 1, err: "nobody@example.com is not a member.\n" }],
      [
        ["remove", "MAYA@example.com"],
        { code: 0, out: "Removed maya@example.com and ended 0 sessions.\n" },
      ],
      [["remove", "maya@example.com"], { code: 1, err: "maya@example.com is not a member.\n" }],
      [
        ["list"],
        {
          code: 0,
          out: "Email            Role   Passkeys  Availability\n---------------  -----  --------  ------------\ndre@example.com  Admin  0         Available\n",
        },
      ],
    ];
    for (const [args, answer] of session) {
      expect(await run(...args), args.join(" ")).toMatchObject(answer);
    }
  });
});
