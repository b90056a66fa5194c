import { createCipheriv, createHash, randomBytes } from "node:crypto";
import { createReadStream, readFileSync } from "node:fs";
import { readdir, rm } from "node:fs/promises";
import { Agent, request as httpRequest } from "node:http";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/database.ts";
import { signedInClient } from "../../server/test/portal-session.ts";
import { recordFigures } from "./support/figures.ts";
import { startInstance } from "./support/instance.ts";
import { stopAfterAll } from "./support/stop-after-all.ts";

// Issue 38: 10 concurrent 1 GB uploads with the server's memory flat. The real server in a child
// process; 10 clients each send a file of RELIABILITY_UPLOAD_MB (default 1024) through tus at
// once over loopback, in 8 MiB PATCHes one after the other per file (the page's first and
// smallest size, app/shared/upload-chunks.ts: the most requests per byte), while the server's resident memory is read from /proc
// every 100 ms. The files are made as they are sent (a WAV header, so the type check takes
// them, then a different AES-CTR keystream per file), never written on this side: only the
// server's copies reach the disk, and they are deleted as soon as they are checked.

const megabytes = Number(process.env.RELIABILITY_UPLOAD_MB ?? 1024);
const uploads = 10;
const chunk = 8 * 1024 * 1024;
const size = megabytes * 1024 * 1024;
/** Peak RSS above idle that still proves streaming (the bytes in flight are 10 × 8 MiB). */
const growthBoundMiB = 200;
const mib = (bytes: number) => bytes / 1024 / 1024;

/** A file's bytes from `offset` (a multiple of 16), as many as `length`: the same every time. */
function fileBytes(key: Buffer, offset: number, length: number): Buffer {
  const iv = Buffer.alloc(16);
  iv.writeBigUInt64BE(BigInt(offset / 16), 8);
  const bytes = createCipheriv("aes-256-ctr", key, iv).update(Buffer.alloc(length));
  // file-type reads RIFF…WAVE as audio/wav: the portal's type check takes the upload.
  if (offset === 0) Buffer.from("RIFF\0\0\0\0WAVEfmt ").copy(bytes, 0);
  return bytes;
}

/** Resident memory of a process in bytes (Linux's /proc). */
function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

describe("17. ten concurrent 1 GB uploads", () => {
  const { instances, keep } = stopAfterAll();

  it(
    "all stored whole (SHA-256), the server's memory flat (peak RSS − idle < 200 MiB)",
    async ({ task }) => {
      const server = await startInstance({
        // Previews off: the job would otherwise read 10 GiB of noise with ffprobe meanwhile.
        FFMPEG_PATH: "/nonexistent/ffmpeg",
        FFPROBE_PATH: "/nonexistent/ffprobe",
      });
      instances.push(server);
      const media = path.join(server.dataDir, "media");
      try {
        const database = keep(
          openDatabase({ DATABASE_URL: undefined, dataDir: server.dataDir }),
          (handle) => handle.close(),
        );
        const clients = [];
        for (let n = 0; n < uploads; n++) clients.push(await signedInClient(database, `flood${n}`));
        const agent = new Agent({ keepAlive: true, maxSockets: uploads });
        const send = (
          method: string,
          location: string,
          headers: Record<string, string>,
          body?: Buffer,
        ) =>
          new Promise<{ status: number; headers: Record<string, unknown>; text: string }>(
            (resolve, reject) => {
              const sent = httpRequest(
                new URL(location, server.url),
                { method, agent, headers: { ...headers, "Content-Length": body?.length ?? 0 } },
                (answer) => {
                  let text = "";
                  answer.setEncoding("utf8");
                  answer.on("data", (piece: string) => {
                    text += piece;
                  });
                  answer.on("end", () =>
                    resolve({ status: answer.statusCode ?? 0, headers: answer.headers, text }),
                  );
                },
              );
              sent.on("error", reject);
              sent.end(body);
            },
          );

        async function upload(client: { cookie: string; requestId: string }) {
          const key = randomBytes(32);
          const headers = {
            "Tus-Resumable": "1.0.0",
            Origin: new URL(server.url).origin,
            Cookie: client.cookie,
          };
          const created = await send("POST", "/portal/uploads", {
            ...headers,
            "Upload-Length": String(size),
            "Upload-Metadata": `request ${Buffer.from(client.requestId).toString("base64")}`,
          });
          expect(created.status, created.text).toBe(201);
          const location = String(created.headers.location);
          const hash = createHash("sha256");
          for (let offset = 0; offset < size; offset += chunk) {
            const body = fileBytes(key, offset, Math.min(chunk, size - offset));
            hash.update(body);
            const answer = await send(
              "PATCH",
              location,
              {
                ...headers,
                "Upload-Offset": String(offset),
                "Content-Type": "application/offset+octet-stream",
              },
              body,
            );
            expect(answer.status, answer.text).toBe(204);
          }
          return { id: location.split("/").at(-1) ?? "", hash: hash.digest("hex") };
        }

        const idle = rssOf(server.pid);
        let peak = idle;
        const sampler = setInterval(() => {
          peak = Math.max(peak, rssOf(server.pid));
        }, 100);
        const started = performance.now();
        let sent: { id: string; hash: string }[];
        try {
          sent = await Promise.all(clients.map(upload));
        } finally {
          clearInterval(sampler);
          agent.destroy();
        }
        const seconds = (performance.now() - started) / 1000;
        peak = Math.max(peak, rssOf(server.pid));

        // Each stored file, read back from the media folder, against what was sent for it.
        const whole: boolean[] = [];
        for (const { id, hash } of sent) {
          const stored = createHash("sha256");
          await pipeline(createReadStream(path.join(media, id)), stored);
          whole.push(stored.digest("hex") === hash);
          await rm(path.join(media, id), { force: true });
        }
        const growth = mib(peak - idle);
        recordFigures(task, {
          order: 17,
          scenario: "17 ten concurrent uploads, SQLite",
          figures: [
            { name: "files", value: `${uploads} × ${megabytes} MiB, 8 MiB PATCHes` },
            { name: "time (s)", value: seconds.toFixed(1) },
            {
              name: "throughput, all together (MiB/s)",
              value: Math.round((uploads * megabytes) / seconds),
            },
            { name: "server RSS idle (MiB)", value: Math.round(mib(idle)) },
            { name: "server RSS peak (MiB)", value: Math.round(mib(peak)) },
            {
              name: "peak − idle (MiB)",
              value: Math.round(growth),
              must: `< ${growthBoundMiB}`,
            },
            {
              name: "stored files equal to their source (SHA-256)",
              value: whole.filter(Boolean).length,
              must: String(uploads),
            },
          ],
        });
        expect(whole).toEqual(Array(uploads).fill(true));
        expect(growth).toBeLessThan(growthBoundMiB);
      } finally {
        // ~10 GiB: never left behind, even when the scenario fails half-way.
        for (const name of await readdir(media).catch(() => [])) {
          await rm(path.join(media, name), { recursive: true, force: true });
        }
      }
    },
    15 * 60_000,
  );
});
