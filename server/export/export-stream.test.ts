import { describe, expect, it } from "vitest";
import { team } from "#app/content/team.ts";
import type { ExportedMessage } from "../db/applications/export-pages.ts";
import { pendingApplication } from "../test/stored.ts";
import { type Exported, toCsv, toJson } from "./export-format.ts";
import { exportStream } from "./export-stream.ts";

/** Three applications, oldest first; the middle one's time cannot be written (RangeError). */
function rows(): Exported[] {
  const at = Date.UTC(2026, 10, 1);
  return [0, 1, 2].map((i) => ({
    ...pendingApplication({ row: { createdAt: at + i, name: `Person ${i}` } }).row,
    status: "new",
    ownerId: null,
    firstResponseAt: null,
    newReply: 0,
    ownerEmail: null,
    messageCount: 2,
    ...(i === 1 ? { createdAt: 9e15 } : {}),
  })) as unknown as Exported[];
}

const message = (
  applicationId: string,
  createdAt: number,
): ExportedMessage & { applicationId: string } => ({
  applicationId,
  direction: "in",
  createdAt,
  fromAddress: "maya@example.com",
  fromName: "Maya",
  toAddress: "reply@example.com",
  subject: "Re",
  body: "Tuesday works",
});

async function text(stream: ReadableStream<Uint8Array>) {
  return new Response(stream).text();
}

describe("the export, row by row", () => {
  it("writes every other row when one cannot be written, says so in the file and tells the log", async () => {
    const all = rows();
    const failures: { applicationId: string; message?: number }[] = [];
    const source = (thread: boolean) => ({
      readPage: async (after: unknown) => (after ? [] : all),
      readMessages: thread
        ? async function* (page: readonly Exported[]) {
            for (const row of page) {
              yield message(row.id, Date.UTC(2026, 10, 2));
              // The third application's second message has a time that cannot be written.
              yield message(row.id, row === all[2] ? 9e15 : Date.UTC(2026, 10, 3));
            }
          }
        : undefined,
      pageSize: 500,
      onRowFailed: (failure: { applicationId: string; message?: number }) =>
        failures.push({ applicationId: failure.applicationId, message: failure.message }),
    });

    const json = JSON.parse(await text(exportStream(source(true), "json")));
    expect(json).toHaveLength(3);
    expect(json[0]).toMatchObject({ name: "Person 0", messages: 2 });
    expect(json[0].thread).toHaveLength(2);
    expect(json[1]).toEqual({
      id: all[1]?.id,
      exportError: team.export.rowFailed,
      thread: [expect.objectContaining({ text: "Tuesday works" }), expect.anything()],
    });
    expect(json[2].name).toBe("Person 2");
    expect(json[2].thread[1]).toEqual({ exportError: team.export.rowFailed });
    expect(failures).toEqual([
      { applicationId: all[1]?.id },
      { applicationId: all[2]?.id, message: 1 },
    ]);

    failures.length = 0;
    const csv = await text(exportStream(source(false), "csv"));
    const good = [all[0], all[2]] as Exported[];
    const lines = csv.trimEnd().split("\n");
    expect(lines).toHaveLength(4);
    expect(lines[2]).toContain(all[1]?.id);
    expect(lines[2]).toContain(team.export.rowFailed);
    expect(`${lines[0]}\n${lines[1]}\n${lines[3]}\n`).toBe(toCsv(good));
    expect(failures).toEqual([{ applicationId: all[1]?.id }]);
  });

  it("writes what toJson writes when every row can be written, threads and all", async () => {
    const all = rows().filter((_, i) => i !== 1);
    const thread = (row: Exported) => [message(row.id, 1), message(row.id, 2)];
    const streamed = await text(
      exportStream(
        {
          readPage: async (after) => (after ? [] : all),
          readMessages: async function* (page) {
            for (const row of page) yield* thread(row);
          },
          pageSize: 500,
        },
        "json",
      ),
    );
    expect(streamed).toBe(
      toJson(
        all.map((row) => ({ ...row, thread: thread(row).map(({ applicationId, ...m }) => m) })),
      ),
    );
  });
});
