import type { Compilable } from "kysely";
import { uuidPattern } from "#app/shared/intake-rules.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { eraseClientRows } from "../db/portal/client-erase.ts";
import { removeUploadFiles } from "../media/media-files.ts";

/** What an erase of a client took away, for the page's message and the CLI's lines. */
export interface ClientErase {
  /** False: no client of that id (nothing done). */
  found: boolean;
  people: number;
  requests: number;
  uploads: number;
  /** Files removed under DATA_DIR/media: uploads' bytes and tus records, posters, previews. */
  files: number;
  /** Uploads whose files could not all be removed (the job media-orphans tries again). */
  filesLeft: number;
}

/**
 * Erases a client everywhere, the one way the team's client page and the CLI both do it
 * (decision 0088): in one transaction (with `also`, the page's audit line) its people, their
 * sessions and links, its requests, its uploads' rows, their locks and what the media job read,
 * and the client; then, once that has committed, every file of its uploads (the bytes, the tus
 * record, the poster and the preview). Files after rows: a crash in between leaves files of no
 * upload, which the job `media-orphans` removes; the other way round would leave rows whose
 * files are gone. The SQLite -wal still holds old pages of the rows: the caller empties it, as
 * for an applicant's erase.
 */
export async function eraseClientEverywhere(
  deps: {
    database: Pick<DatabaseHandle, "db" | "dialect" | "writeTransaction">;
    dataDir: string;
  },
  clientId: string,
  also: readonly Compilable[] = [],
): Promise<ClientErase> {
  if (!uuidPattern.test(clientId)) {
    return { found: false, people: 0, requests: 0, uploads: 0, files: 0, filesLeft: 0 };
  }
  const erased = await eraseClientRows(deps.database, clientId.toLowerCase(), also);
  let files = 0;
  let filesLeft = 0;
  for (const id of erased.uploadIds) {
    // The rows are gone for good: a file that cannot go now is an orphan the job removes.
    try {
      files += await removeUploadFiles(deps.dataDir, id);
    } catch {
      filesLeft += 1;
    }
  }
  return {
    found: erased.found,
    people: erased.people,
    requests: erased.requests,
    uploads: erased.uploadIds.length,
    files,
    filesLeft,
  };
}
