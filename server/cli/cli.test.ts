import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldNames } from "#app/shared/fields.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { attachmentInsert, messageInsert } from "../db/messages.ts";

import { describeEachBackend, migratedDatabase } from "../test/backends.ts";
import { cli } from "../test/cli.ts";
import { validApplication } from "../test/fixtures.ts";
import { startTestServer } from "../test/server.ts";
import { sentOnArrival, storeReceived, untilNonePending } from "../test/stored.ts";
import { sleep, waitFor } from "../test/wait.ts";
import { applicationsProgram } from "./applications-program.ts";
import { runProgram } from "./program.ts";

const formulaName = '=HYPERLINK("http://evil.example","click")';

describeEachBackend("operator CLI on $name", (backend) => {
  let env: Record<string, string>;
  let cleanup = async () => {};
  let database: DatabaseHandle;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const setup = await backend.setup();
    cleanup = setup.cleanup;
    const dataDir = await mkdtemp(path.join(tmpdir(), "reelsmith-cli-"));
    env = { ...setup.env, DATA_DIR: dataDir };
    const server = await startTestServer(env);
    const applicants = {
      first: validApplication({ name: "Ada First", email: "maya@example.com" }),
      formula: validApplication({
        name: formulaName,
        email: "eve@example.com",
        accountHandle: "@eve",
        contentNiche: "+1 555 0100",
        goals: "-5 followers a day, somehow",
        brandStyle: 'Tabbed, with a comma and "quotes"',
      }),
      last: validApplication({
        name: "Zed Last",
        email: "MAYA@Example.com",
        selectedPlan: "Creator",
      }),
    };
    for (const [key, body] of Object.entries(applicants)) {
      const response = await server.submit(body);
      ids[key] = ((await response.json()) as { id: string }).id;
      await sleep(5); // distinct creation times
    }
    database = server.openDatabase();
    await untilNonePending(database);
    await server.stop();
    await threads(database, env.DATA_DIR ?? "", ids);
  });
  afterAll(async () => {
    await database?.close();
    await cleanup();
  });

  it("list: a table, newest first", async () => {
    const { code, stdout } = await cli(env, "list");
    expect(code).toBe(0);
    const lines = stdout.trim().split("\n");
    expect(lines[0]).toMatch(/^Received\s+ID\s+Name\s+Email\s+Plan\s+Spam\s+Deliveries$/);
    expect(lines[1]).toMatch(/^-+(\s+-+){6}$/);
    expect(lines.slice(2).map((line) => line.includes(ids.last ?? "-"))).toEqual([
      true,
      false,
      false,
    ]);
    expect(lines[2]).toContain("Zed Last");
    expect(lines[3]).toContain(ids.formula);
    expect(lines[4]).toContain("Ada First");
    expect(lines[4]).toContain("2 done");
  });

  it("export --format csv: spreadsheet-safe cells", async () => {
    const { code, stdout } = await cli(env, "export", "--format", "csv");
    expect(code).toBe(0);
    const lines = stdout.trim().split("\n");
    expect(lines[0]).toBe(
      [
        "id,createdAt",
        ...fieldNames,
        "isSpam,status,owner,dueAt,firstResponseAt,responseSeconds,messages",
        "source,medium,campaign,referrer,landingPage",
      ].join(","),
    );
    // One row per application, however many messages its thread holds: their count.
    expect(lines).toHaveLength(4);
    expect(lines.find((line) => line.startsWith(ids.first ?? "-"))).toMatch(/,2,,,,,$/);
    expect(lines.find((line) => line.startsWith(ids.last ?? "-"))).toMatch(/,0,,,,,$/);
    const row = lines.find((line) => line.startsWith(ids.formula ?? "-")) ?? "";
    expect(row).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(row).toContain(",'@eve,");
    expect(row).toContain(",'+1 555 0100,");
    expect(row).toContain(`,"'-5 followers a day, somehow",`);
    expect(row).toContain(`,"Tabbed, with a comma and ""quotes""",`);
    // Nothing in any cell starts a formula.
    expect(stdout).not.toMatch(/(^|,)"?[=+\-@]/m);
  });

  it("export --format json, and --since", async () => {
    const all = await cli(env, "export", "--format", "json");
    expect(all.code).toBe(0);
    const rows = JSON.parse(all.stdout) as Record<string, unknown>[];
    expect(rows.map((row) => row.id)).toEqual([ids.first, ids.formula, ids.last]);
    expect(rows[1]).toMatchObject({ name: formulaName, accountHandle: "@eve", isSpam: false });
    // Each with its thread: direction, time, from, to, subject and text.
    expect(rows[0]?.messages).toBe(2);
    expect(rows[0]?.thread).toEqual([
      {
        direction: "out",
        time: "2026-11-25T10:00:00.000Z",
        from: "maya <team@reelsmith.example>",
        to: "maya@example.com",
        subject: "Re: Your Reelsmith application (Influencer plan)",
        text: "Hi Ada,\n\nCould we talk on Tuesday?",
      },
      {
        direction: "in",
        time: "2026-11-25T11:00:00.000Z",
        from: "Ada First <maya@example.com>",
        to: "reply+x.y@reelsmith.example",
        subject: "Re: Re: Your Reelsmith application (Influencer plan)",
        text: "Tuesday works. \u001b[31m",
      },
    ]);
    expect(rows[2]?.thread).toEqual([]);
    const future = await cli(env, "export", "--format", "json", "--since", "2999-01-01");
    expect(JSON.parse(future.stdout)).toEqual([]);
    const past = await cli(env, "export", "--format", "json", "--since", "2020-01-01");
    expect(JSON.parse(past.stdout)).toHaveLength(3);
  });

  it("show ID: the thread, oldest first, each message with its text", async () => {
    const { code, stdout } = await cli(env, "show", ids.first ?? "");
    expect(code).toBe(0);
    const thread = stdout.slice(stdout.indexOf("Thread (2 messages):"));
    expect(thread).toContain(
      [
        "Sent 2026-11-25T10:00:00.000Z",
        "From:    maya <team@reelsmith.example>",
        "To:      maya@example.com",
        "Subject: Re: Your Reelsmith application (Influencer plan)",
        "",
        "  Hi Ada,",
        "  ",
        "  Could we talk on Tuesday?",
      ].join("\n"),
    );
    expect(thread).toContain(
      [
        "Received 2026-11-25T11:00:00.000Z",
        "From:    Ada First <maya@example.com>",
        "To:      reply+x.y@reelsmith.example",
        "Subject: Re: Re: Your Reelsmith application (Influencer plan)",
        "Attached: brief.pdf (3 bytes)",
        "",
        // The escape is a space now: it reaches no terminal.
        "  Tuesday works.  [31m",
      ].join("\n"),
    );
    expect(thread.indexOf("Sent ")).toBeLessThan(thread.indexOf("Received "));
    const none = await cli(env, "show", ids.last ?? "");
    expect(none.stdout).toContain("\nThread: no messages.\n");
  });

  it("show ID: the answers, labelled, and the deliveries", async () => {
    const { code, stdout } = await cli(env, "show", ids.first ?? "");
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Full Name:\s+Ada First$/m);
    expect(stdout).toMatch(/^Account Type:\s+Content Creator$/m);
    expect(stdout).toMatch(/^Selected Plan:\s+Influencer$/m);
    expect(stdout).toMatch(/^applicant_confirmation\s+done\s+1/m);
    expect(stdout).toMatch(/^team_notification\s+done\s+1/m);
    // The same address again within 24 hours: the team is told, the applicant is not mailed.
    const again = await cli(env, "show", ids.last ?? "");
    expect(again.stdout).toMatch(
      /^applicant_confirmation\s+skipped\s+0\s+not sent: this address had one in the last 24 hours$/m,
    );
    expect(again.stdout).toMatch(/^team_notification\s+done\s+1/m);
    const missing = await cli(env, "show", "00000000-0000-4000-8000-000000000000");
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("No submission with ID");
  });

  it("retry ID: failed deliveries back to pending", async () => {
    const id = ids.formula ?? "";
    await database.db
      .updateTable("deliveries")
      .set({ status: "failed", attempts: 7, lastError: "smtp said no" })
      .where("submissionId", "=", id)
      .where("kind", "=", "team_notification")
      .execute();
    const { code, stdout } = await cli(env, "retry", id);
    expect(code).toBe(0);
    expect(stdout).toContain(`1 failed delivery of ${id} set back to pending`);
    const rows = sentOnArrival(
      await database.db
        .selectFrom("deliveries")
        .select(["kind", "status", "attempts"])
        .where("submissionId", "=", id)
        .orderBy("kind")
        .execute(),
    );
    expect(rows).toEqual([
      { kind: "applicant_confirmation", status: "done", attempts: 1 },
      { kind: "team_notification", status: "pending", attempts: 0 },
    ]);
    const again = await cli(env, "retry", id);
    expect(again.stdout).toContain("has no failed deliveries");
  });

  it("erase --email: every application of that address (any case), its deliveries and emails", async () => {
    // Without SMTP_URL the server wrote each email as an .eml file: Maya's go too.
    const mailDir = path.join(env.DATA_DIR ?? "", "mail");
    const emlFiles = async () => (await readdir(mailDir)).filter((name) => name.endsWith(".eml"));
    // Maya's second confirmation was skipped (one per address per 24 hours): 5 messages.
    await waitFor(async () => (await emlFiles()).length === 5);
    const { code, stdout } = await cli(env, "erase", "--email", "Maya@Example.com");
    expect(code).toBe(0);
    expect(stdout).toBe(
      // Each: two emails sent on arrival, the promise's reminder and alert still to come.
      "Erased 2 submissions, 8 deliveries and 2 messages of Maya@Example.com.\n" +
        "Deleted 2 files of their messages under DATA_DIR.\n" +
        "Deleted 3 .eml files under DATA_DIR/mail.\n",
    );
    // Her messages, their attachments and their files go; Eve's stay.
    const inbound = path.join(env.DATA_DIR ?? "", "inbound");
    expect(await readdir(inbound)).toEqual(["eve.eml"]);
    const messages = await database.db
      .selectFrom("applicationMessages")
      .select("submissionId")
      .execute();
    expect(messages).toEqual([{ submissionId: ids.formula }]);
    expect(await database.db.selectFrom("messageAttachments").selectAll().execute()).toEqual([]);
    // Her confirmation count (an HMAC of the address) goes too.
    expect(
      await database.db.selectFrom("confirmationRecipients").selectAll().execute(),
    ).toHaveLength(1);
    const kept = await emlFiles();
    expect(kept).toHaveLength(2);
    for (const name of kept) {
      const message = await readFile(path.join(mailDir, name), "utf8");
      expect(message.toLowerCase()).not.toContain("maya@example.com");
      expect(message).toContain("eve@example.com");
    }
    const left = await database.db.selectFrom("submissions").select("id").execute();
    expect(left.map((row) => row.id)).toEqual([ids.formula]);
    const orphans = await database.db
      .selectFrom("deliveries")
      .select("id")
      .where("submissionId", "in", [ids.first ?? "", ids.last ?? ""])
      .execute();
    expect(orphans).toEqual([]);
    const none = await cli(env, "erase", "--email", "nobody@example.com");
    expect(none.stdout).toBe(
      "Erased 0 submissions, 0 deliveries and 0 messages of nobody@example.com.\n",
    );
  });
});

// Arguments are checked before any database is opened (program.ts): the same on every backend,
// so checked once, in this process, through the runner the command line calls.
describe("operator CLI arguments", () => {
  it.each([
    [[], "a command is required"],
    [["launch"], 'unknown command "launch"'],
    [["export"], "--format must be csv or json"],
    [["export", "--format", "xml"], "--format must be csv or json"],
    [["export", "--format", "csv", "--since", "yesterday"], "--since must be a date"],
    [["show"], "show needs exactly one ID"],
    [["show", "42"], '"42" is not a submission ID'],
    [["retry", "not-an-id"], "is not a submission ID"],
    [["erase"], "erase needs --email ADDRESS"],
    [["erase", "--email", "nobody"], "is not an email address"],
    [["list", "--email", "a@b.c"], "--email does not apply to list"],
    [["list", "--limit", "0"], "--limit must be a positive whole number"],
    [["list", "--colour"], "Unknown option"],
  ])("exits 2 with a clear message for bad arguments: %j", async (args, message) => {
    const io = { out: "", err: "" };
    // A DATA_DIR that does not exist: nothing is opened (or made) before the arguments pass.
    const dataDir = path.join(tmpdir(), `reelsmith-cli-never-${Date.now()}`);
    const code = await runProgram(
      applicationsProgram,
      args,
      { out: (text) => (io.out += text), err: (text) => (io.err += text) },
      { DATA_DIR: dataDir },
    );
    expect(code).toBe(2);
    expect(io.err).toContain(message);
    expect(io.err).toContain("Usage: npm run applications");
    expect(io.out).toBe("");
    expect(existsSync(dataDir)).toBe(false);
  });

  it("the command line itself exits 2, the message and usage on stderr, nothing on stdout", async () => {
    const dataDir = path.join(tmpdir(), `reelsmith-cli-never-${Date.now()}`);
    const { code, stdout, stderr } = await cli({ DATA_DIR: dataDir }, "show", "42");
    expect(code).toBe(2);
    expect(stderr).toContain('"42" is not a submission ID');
    expect(stderr).toContain("Usage: npm run applications");
    expect(stdout).toBe("");
    expect(existsSync(dataDir)).toBe(false);
  });
});

describeEachBackend("operator CLI purge on $name", (backend) => {
  it("purge: deletes what is older than RETENTION_DAYS, and nothing when it is 0", async () => {
    const { database, env: backendEnv, dataDir } = await migratedDatabase(backend);
    const env: Record<string, string> = { ...backendEnv, DATA_DIR: dataDir };
    await storeReceived(database, 400);
    const recent = await storeReceived(database, 100);

    const forever = await cli({ ...env, RETENTION_DAYS: "0" }, "purge");
    expect(forever).toMatchObject({ code: 0, stderr: "" });
    expect(forever.stdout).toBe(
      "RETENTION_DAYS is 0: applications are kept forever. Nothing purged.\n",
    );
    const { code, stdout } = await cli({ ...env, RETENTION_DAYS: "365" }, "purge");
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /^Purged 1 submission and 2 deliveries received before \d{4}-\d\d-\d\dT[\d:.]+Z \(RETENTION_DAYS=365\)\.\n$/,
    );
    const left = await database.db.selectFrom("submissions").select("id").execute();
    expect(left.map((row) => row.id)).toEqual([recent]);
    const again = await cli({ ...env, RETENTION_DAYS: "365" }, "purge");
    expect(again.stdout).toMatch(/^Purged 0 submissions and 0 deliveries/);
  });
});

/**
 * Threads as the inbox leaves them: Maya's first application has a reply of ours and one of
 * hers (kept whole under DATA_DIR, with an attachment); Eve's, one message of hers.
 */
async function threads(database: DatabaseHandle, dataDir: string, ids: Record<string, string>) {
  const inbound = path.join(dataDir, "inbound");
  await mkdir(inbound, { recursive: true });
  await writeFile(path.join(inbound, "maya.eml"), "From: maya@example.com\r\n\r\nTuesday works.");
  await writeFile(path.join(inbound, "maya-brief.pdf"), "pdf");
  await writeFile(path.join(inbound, "eve.eml"), "From: eve@example.com\r\n\r\nHello.");
  const message = {
    messageId: null,
    inReplyTo: null,
    rawFile: null,
    auth: null,
    memberEmail: null,
    deliveryId: null,
  };
  const subject = "Re: Your Reelsmith application (Influencer plan)";
  const rows = [
    {
      id: "m-out",
      submissionId: ids.first ?? "",
      direction: "out",
      fromAddress: "team@reelsmith.example",
      fromName: "maya",
      toAddress: "maya@example.com",
      subject,
      body: "Hi Ada,\n\nCould we talk on Tuesday?",
      visible: "Hi Ada,\n\nCould we talk on Tuesday?",
      memberEmail: "maya@reelsmith.example",
      createdAt: Date.parse("2026-11-25T10:00:00Z"),
    },
    {
      id: "m-in",
      submissionId: ids.first ?? "",
      direction: "in",
      fromAddress: "maya@example.com",
      fromName: "Ada First",
      toAddress: "reply+x.y@reelsmith.example",
      subject: `Re: ${subject}`,
      // A terminal escape in what an applicant wrote: `show` prints it harmless.
      body: "Tuesday works. \u001b[31m",
      visible: "Tuesday works.",
      rawFile: "inbound/maya.eml",
      createdAt: Date.parse("2026-11-25T11:00:00Z"),
    },
    {
      id: "m-eve",
      submissionId: ids.formula ?? "",
      direction: "in",
      fromAddress: "eve@example.com",
      toAddress: "reply+x.y@reelsmith.example",
      subject: "Hello",
      body: "Hello.",
      visible: "Hello.",
      rawFile: "inbound/eve.eml",
      createdAt: Date.parse("2026-11-25T12:00:00Z"),
    },
  ] as const;
  for (const row of rows) await messageInsert(database.db, { ...message, ...row }).execute();
  await attachmentInsert(database.db, {
    id: "a-1",
    messageId: "m-in",
    filename: "brief.pdf",
    contentType: "application/pdf",
    size: 3,
    file: "inbound/maya-brief.pdf",
  }).execute();
}
