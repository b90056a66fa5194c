import {
  type DetailedError,
  defaultOptions,
  type PreviousUpload,
  Upload,
  type UrlStorage,
} from "tus-js-client";
import { portalPaths } from "~/shared/paths";
import { chunkBytes, nextChunkBytes } from "~/shared/upload-chunks";

/**
 * The browser's side of footage uploads (decision 0082), with tus-js-client: a client-only
 * module (`.client.ts`), so the server never loads it and only the request page's script holds
 * it. Each file goes to /portal/uploads in chunks of 8 to 64 MiB, sized by the speed of the last
 * (shared/upload-chunks.ts: 8 MiB first and after every retry; every PATCH body is bounded), retried with backoff when the connection drops, and remembered in localStorage by a
 * fingerprint (the request, the file's name, type, size and date) until it is complete: the
 * same file chosen again after a reload or a closed tab goes on from the server's last byte.
 */

/** Waits between retries after a dropped connection or a server error (then it stops). */
export const retryDelays = [0, 1000, 3000, 5000, 10_000, 20_000];

const prefix = (requestId: string) => `reelsmith-footage:${requestId}:`;

/** The fingerprint a file is remembered by, for one request. */
export function fingerprintOf(requestId: string, file: File): string {
  return `${prefix(requestId)}${[file.name, file.type, file.size, file.lastModified].join(":")}`;
}

export interface UploadEvents {
  /** Bytes the server holds (from its offset on a resume) and the file's size. */
  onProgress(sent: number, total: number): void;
  /** A chunk went wrong and is tried again after a wait. */
  onRetry(): void;
  onDone(): void;
  /** Stopped for good: the status of the server's last answer, if it answered. */
  onStopped(status: number | undefined): void;
  /** The upload's URL is known (made, or found from before): its id. */
  onId(id: string): void;
}

/** Where a file goes other than a client's footage: the team's cuts (decision 0091). */
export interface UploadTarget {
  endpoint: string;
  /** Sent as Upload-Metadata, with the file's name. */
  metadata: Record<string, string>;
}

/**
 * One file's upload: start (going on from before if it can), pause, resume. `requestId` keys
 * the device's record of unfinished uploads; `target` sends it elsewhere than /portal/uploads.
 */
export function footageUpload(
  requestId: string,
  file: File,
  events: UploadEvents,
  target?: UploadTarget,
) {
  let resumedFrom: PreviousUpload | undefined;
  /** When the PATCH in flight began (the last one's answer, or the start). */
  let chunkStarted = 0;
  const restartChunks = () => {
    upload.options.chunkSize = chunkBytes.min;
    chunkStarted = performance.now();
  };
  const upload = new Upload(file, {
    endpoint: target?.endpoint ?? portalPaths.uploads,
    chunkSize: chunkBytes.min,
    retryDelays,
    metadata: { ...(target?.metadata ?? { request: requestId }), filename: file.name },
    fingerprint: async () => fingerprintOf(requestId, file),
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    onProgress: (sent, total) => events.onProgress(sent, total),
    // tus-js-client reads chunkSize for each PATCH: the next one sized by this one's speed.
    onChunkComplete: (bytes) => {
      const now = performance.now();
      upload.options.chunkSize = nextChunkBytes(bytes, now - chunkStarted);
      chunkStarted = now;
    },
    onUploadUrlAvailable: () => {
      const id = upload.url?.split("/").at(-1);
      if (id) events.onId(id);
    },
    onShouldRetry: (error: DetailedError, attempt, options) => {
      const retry = defaultShouldRetry(error, attempt, options);
      if (retry) {
        // Something changed on the way (a dropped or slower connection): 8 MiB pieces again.
        restartChunks();
        events.onRetry();
      }
      return retry;
    },
    onSuccess: () => events.onDone(),
    onError: (error) => {
      const status = (error as DetailedError).originalResponse?.getStatus();
      events.onStopped(status && status > 0 ? status : undefined);
    },
  });
  return {
    /** Starts, from the server's last byte of this file's earlier upload when there is one. */
    async start(): Promise<{ resumed: boolean }> {
      const previous = await upload.findPreviousUploads();
      resumedFrom = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
      if (resumedFrom) upload.resumeFromPreviousUpload(resumedFrom);
      restartChunks();
      upload.start();
      return { resumed: resumedFrom !== undefined };
    },
    pause: () => upload.abort(false),
    resume: () => {
      restartChunks();
      upload.start();
    },
  };
}

/** tus-js-client's own rule (retry unless the server said no with a 4xx other than 409/423). */
function defaultShouldRetry(error: DetailedError, _attempt: number, _options: unknown): boolean {
  const status = error.originalResponse?.getStatus() ?? 0;
  if (status >= 400 && status < 500 && status !== 409 && status !== 423) return false;
  return typeof navigator === "undefined" || navigator.onLine !== false;
}

/** The files of this request not finished on this device (their name and upload's id). */
export async function unfinishedUploads(
  requestId: string,
  storage: Pick<UrlStorage, "findAllUploads"> = defaultOptions.urlStorage,
): Promise<{ name: string; size: number | null; id: string | undefined }[]> {
  const found = await storage.findAllUploads();
  return found
    .filter((one) => one.urlStorageKey.startsWith(`tus::${prefix(requestId)}`))
    .map((one) => ({
      name: one.metadata.filename ?? "",
      size: one.size,
      id: one.uploadUrl?.split("/").at(-1),
    }));
}
