import type { BackgroundJob } from "../background/job.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { uploadsThatExist } from "../db/portal/client-uploads.ts";
import type { Logger } from "../logger.ts";
import { removeUploadFiles, uploadIdsOnDisk } from "../media/media-files.ts";

/**
 * The job `media-orphans` (on the one poller, every 15 minutes and at start): removes the files
 * under DATA_DIR/media and its derived/ that belong to no upload, the files an erase of a client
 * (decision 0088) left when the process died between its commit and their removal, a preview
 * the media job finished for an upload erased meanwhile, or an upload restored from a backup
 * whose database copy is older than the folder's. Safe against uploads being created: tus
 * inserts an upload's row (onUploadCreate) before it writes its first file, and every removal
 * (DELETE, a refused type, expiry) deletes the files before the row, so a file listed here
 * without a row read after the listing has none for good. Names that are not an upload's id
 * are left alone.
 */
export function mediaOrphansJob(deps: {
  database: Pick<DatabaseHandle, "db">;
  dataDir: string;
  logger: Pick<Logger, "info">;
  everyMs?: number;
}): BackgroundJob {
  return {
    name: "media-orphans",
    everyMs: deps.everyMs ?? 15 * 60 * 1000,
    async run() {
      const onDisk = await uploadIdsOnDisk(deps.dataDir);
      const existing = await uploadsThatExist(deps.database, onDisk);
      let uploads = 0;
      let files = 0;
      for (const id of onDisk) {
        if (existing.has(id)) continue;
        uploads += 1;
        files += await removeUploadFiles(deps.dataDir, id);
      }
      if (files > 0) deps.logger.info({ uploads, files }, "media files of no upload removed");
    },
  };
}
