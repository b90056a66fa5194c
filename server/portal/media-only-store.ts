import { open, rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { FileStore } from "@tus/file-store";
import type { Upload } from "@tus/server";
import { fileTypeFromBuffer, fileTypeFromFile } from "file-type";
import { portalUploads } from "#app/content/portal-uploads.ts";
import { fill } from "#app/shared/text.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { uploadDelete, uploadTypeOf, uploadTypeSet } from "../db/portal/client-upload-checks.ts";

/** The bytes the type is read from: file-type's own sample size (most types show in them). */
export const typeSampleBytes = 4100;

/**
 * The types taken: video, audio and pictures, and MXF (the container professional cameras
 * record to, which file-type names application/mxf).
 */
export function isMedia(mimeType: string): boolean {
  return /^(video|audio|image)\//.test(mimeType) || mimeType === "application/mxf";
}

/** What tus answers (its hooks' error shape) when a file's content is not media. */
export function notMediaRefusal(found: string | undefined) {
  const what = found ? fill(portalUploads.knownType, { type: found }) : portalUploads.unknownType;
  return { status_code: 415, body: `${fill(portalUploads.notMedia, { found: what })}\n` };
}

/**
 * tus's file store (DATA_DIR/media) that takes only video, audio and pictures, read from the
 * bytes, never from a name or a Content-Type (decision 0083). The type is read from the upload's
 * first 4100 bytes (file-type) as soon as they have all come, in the request that brings the
 * last of them and before any of that request's bytes are written: a file of another type is
 * refused there (415, in words), its bytes and its tus record removed, its row deleted (its
 * quota freed), so nothing of it stays. The type read is stored on the upload's row.
 * `checkFinished` is the same check on the whole file when an upload completes without its
 * type stored (one created empty, or begun before this check existed).
 */
export class MediaOnlyFileStore extends FileStore {
  readonly #database: Pick<DatabaseHandle, "db" | "write">;

  constructor(options: {
    directory: string;
    database: Pick<DatabaseHandle, "db" | "write">;
    expirationPeriodInMilliseconds?: number;
  }) {
    super(options);
    this.#database = options.database;
  }

  override async write(
    readable: Parameters<FileStore["write"]>[0],
    id: string,
    offset: number,
  ): Promise<number> {
    if (offset >= typeSampleBytes) return super.write(readable, id, offset);
    const upload = await this.getUpload(id);
    const sampleEnd = Math.min(upload.size ?? typeSampleBytes, typeSampleBytes);
    // This request's first bytes, up to the end of the sample (held back, not written yet).
    const source = (readable as Readable)[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    const head: Buffer[] = [];
    let received = 0;
    let ended = false;
    while (offset + received < sampleEnd) {
      const next = await source.next();
      if (next.done) {
        ended = true;
        break;
      }
      head.push(next.value);
      received += next.value.length;
    }
    if (offset + received >= sampleEnd) {
      const before = offset > 0 ? await firstBytes(filePath(upload), offset) : Buffer.alloc(0);
      const sample = Buffer.concat([before, ...head]).subarray(0, sampleEnd);
      const type = await fileTypeFromBuffer(sample);
      if (!type || !isMedia(type.mime)) {
        await this.discard(id);
        throw notMediaRefusal(type?.mime);
      }
      await uploadTypeSet(this.#database, id, type.mime);
    }
    async function* all() {
      yield* head;
      if (ended) return;
      for (let next = await source.next(); !next.done; next = await source.next()) {
        yield next.value;
      }
    }
    return super.write(Readable.from(all(), { objectMode: false }), id, offset);
  }

  /** For onUploadFinish: refuses (as write does) a finished upload whose type was never read. */
  async checkFinished(id: string): Promise<void> {
    if ((await uploadTypeOf(this.#database, id)) !== null) return;
    const type = await fileTypeFromFile(filePath(await this.getUpload(id)));
    if (!type || !isMedia(type.mime)) {
      await this.discard(id);
      throw notMediaRefusal(type?.mime);
    }
    await uploadTypeSet(this.#database, id, type.mime);
  }

  /**
   * Removes an upload: its bytes, its tus record (`<id>.json`), whichever exist, then its row
   * (its quota freed). The caller holds the upload's lock.
   */
  async discard(id: string): Promise<void> {
    if (path.basename(id) !== id || id.startsWith(".")) throw new Error("not an upload's id");
    await rm(path.join(this.directory, id), { force: true });
    await rm(path.join(this.directory, `${id}.json`), { force: true });
    await uploadDelete(this.#database, id);
  }
}

/** Where the file store keeps an upload's bytes (its own path, checked inside its directory). */
function filePath(upload: Upload): string {
  if (!upload.storage?.path) throw new Error("the file store gave no path");
  return upload.storage.path;
}

async function firstBytes(file: string, length: number): Promise<Buffer> {
  const handle = await open(file, "r");
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
