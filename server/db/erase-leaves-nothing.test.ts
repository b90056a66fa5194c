import { randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { fields, textFieldNames } from "#app/shared/fields.ts";
import { cli } from "../test/cli.ts";
import { validApplication } from "../test/fixtures.ts";
import { startTestServer } from "../test/server.ts";
import { inboundMessageRow, untilNonePending } from "../test/stored.ts";
import { pagesPort, startTeamSide } from "../test/team-side.ts";
import type { DatabaseHandle } from "./database.ts";
import { addMember, findMember } from "./members.ts";
import { attachmentInsert, messageInsert } from "./messages.ts";

/**
 * The erased applicant writes a token of Greek letters into every field the inbox searches
 * (FTS5 keeps trigrams of those, lower-cased) and marked text into the others; their address
 * has windows with "." and "@" that no random value holds. The kept applicant does the same
 * with Cyrillic: finding theirs proves that the search reads the table and the index alike.
 */
const erased = {
  ...validApplication({
    // Every typed answer marked (a field added later is covered), the searched ones below.
    ...Object.fromEntries(
      fields.flatMap((field) =>
        "maxLength" in field ? [[field.name, `Erased${field.name} ${field.example}`]] : [],
      ),
    ),
    name: "Ξψζωλ Erasedname",
    // The apostrophe (valid in an address) is a character no id, tag or boundary of ours is
    // made of: a trigram of the address with it cannot turn up by chance in a kept file ("zq."
    // did, in a Message-ID whose tag ended in "zq").
    email: "Zq'Xv@Example.com",
    accountHandle: "@ξψζωλ",
    contentNiche: "ξψζωλ cooking",
    goals: "Erasedgoals reach a million by spring",
    currentChallenges: "Erasedchallenges editing at night",
    brandStyle: "Erasedstyle neon and chrome",
  }),
};
const kept = validApplication({
  name: "Жщюфы Keptname",
  email: "kept@example.com",
  accountHandle: "@keptone",
  contentNiche: "Keptniche travel",
});
const erasedNote = "Erasednote: asked for a discount, budget 900";
const erasedReply = { subject: "Erasedsubject: your reels", body: "Erasedreply: call me Tuesday" };
/** Their answer, kept whole under DATA_DIR, and its attachment. */
const erasedInbound = "Erasedinbound: Tuesday at ten works";
const erasedAttachment = "Erasedattachment: the brief, page one";
/** Their mail that matched no application: from their address (another case), and to it. */
const erasedUnmatched = "Erasedunmatched: sent from my other phone";
const erasedUnmatchedAttachment = "Erasedunmatchedattachment: the invoice";
const erasedBounce = "Erasedbounce: a copy that came back to us";

/** Every byte sequence of the erased applicant that must be gone from every file. */
function erasedTraces(): string[] {
  const address = erased.email.toLowerCase();
  return [
    erased.name,
    erased.email,
    address,
    ...textFieldNames.map((field) => String(erased[field])),
    erasedNote,
    erasedReply.subject,
    erasedReply.body,
    erasedInbound,
    erasedAttachment,
    erasedUnmatched,
    erasedUnmatchedAttachment,
    erasedBounce,
    // Trigrams as the search index stores them (lower case).
    ...windows("ξψζωλ"),
    ...windows("zq'xv@").filter((window) => /['@]/.test(window)),
  ];
}

const windows = (text: string) =>
  Array.from({ length: [...text].length - 2 }, (_, i) => [...text].slice(i, i + 3).join(""));

/** Every file under `directory`, recursively, with its bytes. */
function filesUnder(directory: string): { file: string; bytes: Buffer }[] {
  return readdirSync(directory, { recursive: true, encoding: "utf8" })
    .map((name) => path.join(directory, name))
    .filter((file) => statSync(file).isFile())
    .map((file) => ({ file, bytes: readFileSync(file) }));
}

/** The traces found: "file: text" for each. */
function tracesIn(directory: string, traces: string[]): string[] {
  return filesUnder(directory).flatMap(({ file, bytes }) =>
    traces
      .filter((trace) => bytes.includes(Buffer.from(trace)))
      .map((trace) => `${path.relative(directory, file)}: ${trace}`),
  );
}

/**
 * A server takes both applications (and writes their emails as .eml files), then stops; the
 * team's side starts on its DATA_DIR, as the server does, and a member writes a note on each.
 */
async function applied() {
  const dataDir = await mkdtemp(path.join(tmpdir(), "reelsmith-erase-"));
  const server = await startTestServer({ DATA_DIR: dataDir });
  const ids: string[] = [];
  for (const body of [erased, kept, ...fillers()]) {
    const answer = await server.submit(body);
    expect(answer.status).toBe(200);
    ids.push(((await answer.json()) as { id: string }).id);
  }
  const database = server.openDatabase();
  await untilNonePending(database);
  await database.close();
  await server.stop();

  const side = await startTeamSide({
    DATA_DIR: dataDir,
    PUBLIC_SITE_URL: "http://localhost:3000",
    LOG_LEVEL: "silent",
  });
  onTestFinished(side.stop);
  await addMember(side.database, "maya@reelsmith.example");
  const member = await findMember(side.database, "maya@reelsmith.example");
  if (!member) throw new Error("no member");
  const port = pagesPort(side.team, new Request("http://localhost:3000/team"));
  const [erasedId = "", keptId = ""] = ids;
  expect(await port.act(member, erasedId, { type: "note", body: erasedNote })).toMatchObject({
    ok: true,
  });
  await port.act(member, keptId, { type: "note", body: "Keptnote: call back Monday" });
  // A reply of ours, and their answer with an attachment: rows, and files under DATA_DIR.
  expect(await port.act(member, erasedId, { type: "reply", ...erasedReply })).toMatchObject({
    ok: true,
  });
  await answered(side.database, dataDir, erasedId, "erased", [erasedInbound, erasedAttachment]);
  await answered(side.database, dataDir, keptId, "kept", ["Keptinbound", "Keptattachment"]);
  // Their mail that found no application: from their address in another case, with an
  // attachment; one to their address among others; a stranger's, which stays.
  await answered(
    side.database,
    dataDir,
    null,
    "unmatched-from",
    [erasedUnmatched, erasedUnmatchedAttachment],
    {
      from: "ZQ'XV@example.COM",
    },
  );
  await answered(side.database, dataDir, null, "unmatched-to", [erasedBounce], {
    to: "Someone <other@example.org>, zq'xv@example.com",
  });
  await answered(side.database, dataDir, null, "stranger", ["Strangerinbound", "Strangerfile"], {
    from: "someone@example.net",
  });
  return { dataDir, side, port, member, erasedId };
}

/** A message of theirs on the application, its raw copy and one attachment as files. */
async function answered(
  database: DatabaseHandle,
  dataDir: string,
  applicationId: string | null,
  name: string,
  [text, attached]: string[],
  addresses: { from?: string; to?: string } = {},
) {
  await mkdir(path.join(dataDir, "inbound"), { recursive: true });
  const raw = `inbound/${name}.eml`;
  const file = `inbound/${name}-brief.txt`;
  await writeFile(path.join(dataDir, raw), `Subject: Re\r\n\r\n${text}`);
  if (attached !== undefined) await writeFile(path.join(dataDir, file), attached);
  const id = randomUUID();
  await database.writeTransaction([
    messageInsert(
      database.db,
      inboundMessageRow(applicationId, {
        id,
        messageId: `<${id}@mail.example>`,
        fromAddress: addresses.from ?? "someone@mail.example",
        fromName: "",
        toAddress: addresses.to ?? "reply+x.y@reelsmith.example",
        subject: "Re",
        body: text ?? "",
        visible: text ?? "",
        rawFile: raw,
      }),
    ),
    ...(attached === undefined
      ? []
      : [
          attachmentInsert(database.db, {
            id: randomUUID(),
            messageId: id,
            filename: "brief.txt",
            contentType: "text/plain",
            size: attached.length,
            file,
          }),
        ]),
  ]);
}

/** A few more applicants, so the search index has segments to merge and pages to reuse. */
const fillers = () =>
  Array.from({ length: 8 }, (_, i) =>
    validApplication({
      name: `Filler Person ${i}`,
      email: `filler${i}@example.com`,
      accountHandle: `@filler${i}`,
    }),
  );

/** What must still be there: the kept applicant in the table, the index and the .eml files. */
function expectKept(dataDir: string) {
  const all = filesUnder(dataDir);
  const database = all.filter(({ file }) => /reelsmith\.db(-wal)?$/.test(file));
  const found = (text: string) => database.some(({ bytes }) => bytes.includes(Buffer.from(text)));
  expect(found(kept.name)).toBe(true);
  expect(found("жщю")).toBe(true); // its trigram, lower case: only the search index has it
  expect(all.filter(({ file }) => file.endsWith(".eml")).length).toBeGreaterThan(0);
  // The kept applicant's message files too.
  expect(existsSync(path.join(dataDir, "inbound", "kept.eml"))).toBe(true);
  expect(existsSync(path.join(dataDir, "inbound", "kept-brief.txt"))).toBe(true);
  // A stranger's unmatched mail.
  expect(existsSync(path.join(dataDir, "inbound", "stranger.eml"))).toBe(true);
  expect(existsSync(path.join(dataDir, "inbound", "stranger-brief.txt"))).toBe(true);
}

describe("erase leaves nothing under DATA_DIR", () => {
  it("from the team page: no answer, note or address of the applicant in any file", async () => {
    const { dataDir, port, member, erasedId } = await applied();
    expect(tracesIn(dataDir, erasedTraces()).length).toBeGreaterThan(0);
    // The address's trigrams, lower case, are there to find before the erase.
    expect(tracesIn(dataDir, ["q'x"]).length).toBeGreaterThan(0);

    expect(await port.act(member, erasedId, { type: "erase" })).toMatchObject({ ok: true });

    // While the server still runs: nothing waits for a clean stop to empty the -wal.
    expect(tracesIn(dataDir, erasedTraces())).toEqual([]);
    expectKept(dataDir);
  });

  it("from the CLI, while the server runs: the same", async () => {
    const { dataDir } = await applied();
    const answer = await cli({ DATA_DIR: dataDir }, "erase", "--email", erased.email);
    // Two emails sent on arrival, the promise's reminder and alert still to come, and the
    // reply; the reply and their answer.
    // and their two unmatched emails.
    expect(answer.stdout).toContain("Erased 1 submission, 5 deliveries and 4 messages");
    expect(answer.stdout).toContain("Deleted 5 files of their messages under DATA_DIR.");
    expect(answer.code).toBe(0);

    expect(tracesIn(dataDir, erasedTraces())).toEqual([]);
    expectKept(dataDir);
  });
});
