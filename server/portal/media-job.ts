import { randomUUID } from "node:crypto";
import { mkdir } from "node:fs/promises";
import type { BackgroundJob } from "../background/job.ts";
import type { DatabaseHandle } from "../db/database.ts";
import {
  type ClaimedMedia,
  mediaClaim,
  mediaDiscover,
  mediaReady,
  mediaRelease,
  mediaRetry,
  mediaUnreadable,
} from "../db/portal/upload-media.ts";
import type { Logger } from "../logger.ts";
import { derivedDirectory, posterFile, previewFile, uploadFile } from "../media/media-files.ts";
import { probeFile } from "../media/probe.ts";
import { posterArgs, previewArgs, render } from "../media/renditions.ts";
import type { MediaTools } from "../media/tools.ts";

export interface MediaLimits {
  /** ffprobe on one file. */
  probeMs: number;
  /** ffmpeg's poster. */
  posterMs: number;
  /** ffmpeg's preview (MEDIA_TIMEOUT_MS). */
  previewMs: number;
}

/** Attempts per file (a crash mid-run counts as one), and the waits after the first two. */
export const mediaMaxAttempts = 3;
export const mediaBackoffMs = [60_000, 10 * 60_000] as const;
/** Files read per run at most; the next run takes the rest. */
const filesPerRun = 20;

export const uploadMediaJobName = "upload-media";

/**
 * What a file is, once its upload finished (decision 0084): every finished upload gets a row
 * of upload_media, and each run claims them one at a time (a lease in the database: exactly
 * once across instances, and again once the lease of an instance that crashed runs out), reads
 * each with ffprobe (time limit, bounded output), and makes its poster (video, picture) and
 * preview (video) with ffmpeg under DATA_DIR/media/derived. A file ffprobe cannot read is
 * unreadable at once, with the reason; a slow or failed run is tried again after 1 then 10
 * minutes, 3 attempts in all. Without ffprobe/ffmpeg, one line is logged and nothing is read.
 */
export function uploadMediaJob(deps: {
  database: DatabaseHandle;
  dataDir: string;
  /** Looks for ffprobe and ffmpeg (once: the answer is kept for the process's life). */
  findTools: () => Promise<MediaTools | undefined>;
  logger: Logger;
  everyMs: number;
  limits: MediaLimits;
  leaseHolder?: string;
  now?: () => number;
  /** Aborted on stop: the runs of ffmpeg in hand are killed and their files given back. */
  signal?: AbortSignal;
  backoffMs?: readonly number[];
}): BackgroundJob & { toolsFound: () => Promise<boolean> } {
  const { database, dataDir, logger, limits, signal } = deps;
  const now = deps.now ?? Date.now;
  const leaseHolder = deps.leaseHolder ?? randomUUID();
  const backoffMs = deps.backoffMs ?? mediaBackoffMs;
  const leaseMs = limits.probeMs + limits.posterMs + limits.previewMs + 60_000;
  let tools: Promise<MediaTools | undefined> | undefined;
  let saidMissing = false;
  const findTools = () => {
    tools ??= deps.findTools();
    return tools;
  };

  async function retryOrGiveUp(claimed: ClaimedMedia, reason: string) {
    if (claimed.attempts >= mediaMaxAttempts) {
      await mediaUnreadable(database, claimed.uploadId, leaseHolder, { reason, now: now() });
      logger.warn({ upload: claimed.uploadId, reason }, "upload unreadable after its last attempt");
      return;
    }
    const wait = backoffMs[Math.min(claimed.attempts, backoffMs.length) - 1] ?? 60_000;
    await mediaRetry(database, claimed.uploadId, leaseHolder, {
      reason,
      nextAttemptAt: now() + wait,
    });
  }

  async function read(claimed: ClaimedMedia, found: MediaTools) {
    const id = claimed.uploadId;
    if (claimed.attempts > mediaMaxAttempts) {
      const reason = `Reading it stopped ${mediaMaxAttempts} times before it ended`;
      await mediaUnreadable(database, id, leaseHolder, { reason, now: now() });
      return;
    }
    const source = uploadFile(dataDir, id);
    const probed = await probeFile(found, source, { timeoutMs: limits.probeMs, signal });
    if (!probed.ok && "aborted" in probed) return mediaRelease(database, id, leaseHolder);
    if (!probed.ok) {
      if (probed.final) {
        await mediaUnreadable(database, id, leaseHolder, { reason: probed.reason, now: now() });
        logger.info({ upload: id, reason: probed.reason }, "upload unreadable");
        return;
      }
      return retryOrGiveUp(claimed, probed.reason);
    }
    const { facts } = probed;
    const options = { signal };
    const poster =
      facts.kind === "audio"
        ? undefined
        : await render(found, posterArgs, source, posterFile(dataDir, id), facts, {
            ...options,
            timeoutMs: limits.posterMs,
          });
    const preview =
      facts.kind === "video" && !(poster && !poster.ok && poster.aborted)
        ? await render(found, previewArgs, source, previewFile(dataDir, id), facts, {
            ...options,
            timeoutMs: limits.previewMs,
          })
        : undefined;
    if ([poster, preview].some((made) => made && !made.ok && made.aborted)) {
      return mediaRelease(database, id, leaseHolder);
    }
    const failed = [
      poster && !poster.ok && !poster.aborted ? `No poster: ${poster.reason}` : undefined,
      preview && !preview.ok && !preview.aborted ? `No preview: ${preview.reason}` : undefined,
    ].filter((reason): reason is string => reason !== undefined);
    if (failed.length > 0 && claimed.attempts < mediaMaxAttempts) {
      return retryOrGiveUp(claimed, failed.join("; "));
    }
    await mediaReady(database, id, leaseHolder, {
      facts,
      poster: poster?.ok === true,
      preview: preview?.ok === true,
      reason: failed.length > 0 ? failed.join("; ") : null,
      now: now(),
    });
    logger.info({ upload: id, kind: facts.kind, durationMs: facts.durationMs }, "upload read");
  }

  return {
    name: uploadMediaJobName,
    everyMs: deps.everyMs,
    toolsFound: async () => (await findTools()) !== undefined,
    async run() {
      const found = await findTools();
      if (!found) {
        if (!saidMissing) {
          saidMissing = true;
          logger.warn(
            "ffprobe/ffmpeg not found (FFMPEG_PATH, FFPROBE_PATH): uploads are kept, but not read, and get no poster or preview",
          );
        }
        return;
      }
      await mkdir(derivedDirectory(dataDir), { recursive: true, mode: 0o700 });
      await mediaDiscover(database, now(), 500);
      for (let count = 0; count < filesPerRun && !signal?.aborted; count += 1) {
        const claimed = await mediaClaim(database, leaseHolder, { now: now(), leaseMs });
        if (!claimed) return;
        await read(claimed, found);
      }
    },
  };
}
