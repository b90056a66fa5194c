import { printable } from "#app/shared/text.ts";
import { emptyWalWithin } from "../db/empty-wal.ts";
import { bytesUsed } from "../db/portal/client-uploads.ts";
import { clientsWithWeek } from "../db/portal/clients.ts";
import { eraseClientEverywhere } from "../erasure/erase-client.ts";
import { parseClientId } from "./arguments.ts";
import type { Program, Run } from "./program.ts";
import { table } from "./table.ts";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** `npm run clients -- <command>`: the client portal's clients, for the operator. */
export const clientsProgram: Program = {
  name: "clients",
  usage: `Usage: npm run clients -- <command>

Commands:
  list                                 every client: id, name, plan, people, storage used
  erase ID                             delete the client ID and everything of theirs: people,
                                       sessions, requests, uploads and their files (footage,
                                       posters, previews)

Uses the same configuration as the server: DATABASE_URL (PostgreSQL) or DATA_DIR (SQLite).
`,
  options: [],
  commands: {
    list: { check: () => list() },
    erase: { args: ["ID"], check: ([id]) => erase(parseClientId(id)) },
  },
};

function list(): Run {
  return async (database, io) => {
    const rows = await clientsWithWeek(database, 0, 10_000);
    if (rows.length === 0) {
      io.out("No clients yet.\n");
      return 0;
    }
    const used = await Promise.all(rows.map((row) => bytesUsed(database, row.id)));
    io.out(
      table(
        ["ID", "Name", "Plan", "People", "Storage"],
        rows.map((row, index) => [
          row.id,
          printable(row.name),
          row.plan,
          String(row.people),
          `${((used[index] ?? 0) / 1024 / 1024).toFixed(1)} MB`,
        ]),
        40,
      ),
    );
    return 0;
  };
}

function erase(id: string): Run {
  return async (database, io, config) => {
    const erased = await eraseClientEverywhere({ database, dataDir: config.dataDir }, id);
    if (!erased.found) {
      io.err(`No client with ID ${id}.\n`);
      return 1;
    }
    const walEmptied = await emptyWalWithin(database, { attempts: 20, intervalMs: 500 });
    io.out(
      `Erased the client ${id}: ${plural(erased.people, "person", "people")}, ${plural(erased.requests, "request", "requests")} and ${plural(erased.uploads, "upload", "uploads")}; deleted ${plural(erased.files, "file", "files")} under DATA_DIR/media.\n`,
    );
    if (erased.filesLeft > 0) {
      io.err(
        `warning: files of ${plural(erased.filesLeft, "upload", "uploads")} could not be deleted; the server's job media-orphans deletes them at its next run (every 15 minutes).\n`,
      );
    }
    if (!walEmptied) {
      io.err(
        "warning: a reader of the database held its -wal for 10 s, so old copies of the erased rows are still in reelsmith.db-wal; run the erase again once it has finished (or stop the server).\n",
      );
    }
    return 0;
  };
}
