/**
 * `npm run bench:uploads`: footage in through the portal's tus endpoint (issue 38) against the
 * floor of the same run, a plain HTTP PUT of the same file to a bare Node server that only
 * writes it to disk. Both servers run in child processes on loopback; the file is
 * BENCH_UPLOAD_MB (default 1024) of bytes that the endpoint's type check reads as audio, sent
 * as the browser's page sends it (PATCHes sized as the page sizes them: 8 MiB, then by the last
 * one's speed, up to 64 MiB, app/shared/upload-chunks.ts; BENCH_UPLOAD_CHUNK_MB fixes a size), one after the
 * other on a kept-alive connection, each a slice of the file as a Blob, as tus-js-client sends
 * slices of the chosen File). Rounds
 * alternate (BENCH_UPLOAD_ROUNDS, default 3) so a burst of load on this shared host falls on
 * both. Prints throughput (medians), the ratio (goal: at least 70 %) and the product server's
 * resident memory before and at its peak during the uploads (goal: flat), and each server's
 * CPU time per round (load on this shared host stretches wall time more). Never fails on them.
 */
import { fork } from "node:child_process";
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream, openAsBlob, readFileSync } from "node:fs";
import { mkdtemp, open, readdir, rm, stat } from "node:fs/promises";
import { createServer } from "node:http";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { chunkBytes, nextChunkBytes } from "#app/shared/upload-chunks.ts";
import { openDatabase } from "../server/db/database.ts";
import { wavBytes } from "../server/test/media-bytes.ts";
import { signedInClient } from "../server/test/portal-session.ts";
import { startChildServer } from "./child-server.ts";

const megabytes = Number(process.env.BENCH_UPLOAD_MB ?? 1024);
/** A fixed PATCH size; unset: the page's own rule (8 MiB, then sized by speed, up to 64). */
const fixedChunk = process.env.BENCH_UPLOAD_CHUNK_MB
  ? Number(process.env.BENCH_UPLOAD_CHUNK_MB) * 1024 * 1024
  : undefined;
const writePiece = 8 * 1024 * 1024;
/** The sizes of the PATCHes sent (MiB), for the summary. */
const patchSizes = new Set<number>();
const rounds = Math.max(1, Number(process.env.BENCH_UPLOAD_ROUNDS ?? 3));
const size = megabytes * 1024 * 1024;

// The bare server: a child that writes each PUT's body to a file and answers 201.
if (process.env.BENCH_BARE_SERVER === "1") {
  const directory = process.env.BENCH_BARE_DIR as string;
  let count = 0;
  const server = createServer((request, response) => {
    const file = path.join(directory, `put-${count++}`);
    pipeline(request, createWriteStream(file))
      .then(() => response.writeHead(201).end())
      .catch(() => response.writeHead(500).end());
  });
  server.listen(0, "127.0.0.1", () => {
    const address = server.address() as { port: number };
    process.send?.({ url: `http://127.0.0.1:${address.port}` });
  });
} else {
  await main();
}

async function main() {
  const work = await mkdtemp(path.join(tmpdir(), "reelsmith-bench-uploads-"));
  const source = path.join(work, "footage.bin");
  // The source (BENCH_UPLOAD_MB on disk) goes with the run even when a server does not start.
  const setUp = async () => {
    await writeSource(source);
    const product = await startChildServer({
      PORTAL_CLIENT_QUOTA_BYTES: String(size * (rounds + 1)),
      PUBLIC_SITE_URL: "http://127.0.0.1",
    });
    return { product, sourceHash: await sha256(source), bare: await startBare(work) };
  };
  const { product, sourceHash, bare } = await setUp().catch(async (error) => {
    await rm(work, { recursive: true, force: true });
    throw error;
  });
  const database = openDatabase({ DATABASE_URL: undefined, dataDir: product.dataDir });
  try {
    const { cookie, requestId } = await signedInClient(database, "bench");
    const memory = { before: rssOf(product.pid), peak: 0 };
    const tus: number[] = [];
    const put: number[] = [];
    // The server's CPU time (all its threads) per round: what load on the host moves least.
    const tusCpu: number[] = [];
    const putCpu: number[] = [];
    const storedHashes: (string | undefined)[] = [];
    for (let round = 0; round < rounds; round++) {
      let before = cpuMsOf(bare.pid);
      put.push(await timed(() => plainPut(bare.url, source)));
      putCpu.push(cpuMsOf(bare.pid) - before);
      await removePuts(work);
      before = cpuMsOf(product.pid);
      const sampler = setInterval(() => {
        memory.peak = Math.max(memory.peak, rssOf(product.pid));
      }, 100);
      try {
        tus.push(await timed(() => tusUpload(product.url, cookie, requestId, source)));
      } finally {
        clearInterval(sampler);
      }
      tusCpu.push(cpuMsOf(product.pid) - before);
      // Each round's copies removed before the next (their dirty pages with them): otherwise
      // the later rounds of both pay the kernel's writeback of the earlier ones (seen: 5x the
      // CPU in round 3 of 3 for both servers).
      storedHashes.push(await storedHashThenRemove(product.dataDir, size));
    }
    const stored = storedHashes.every((hash) => hash === sourceHash) ? sourceHash : undefined;
    const mbps = (ms: number) => megabytes / (ms / 1000);
    const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];
    const tusRate = mbps(medianOf(tus) as number);
    const putRate = mbps(medianOf(put) as number);
    console.log(
      `uploads: ${megabytes} MiB, ${rounds} rounds, PATCHes of ${[...patchSizes].sort((a, b) => a - b).join(", ")} MiB (${fixedChunk ? "fixed: BENCH_UPLOAD_CHUNK_MB" : "the page's rule, app/shared/upload-chunks.ts"})`,
    );
    console.log(
      `load average ${loadavg()
        .map((value) => value.toFixed(1))
        .join(" ")}`,
    );
    const seconds = (values: number[]) => values.map((ms) => (ms / 1000).toFixed(1)).join(" / ");
    console.log(`| what | each round (s) | median MiB/s | server CPU each round (s) |`);
    console.log(`| --- | --- | --- | --- |`);
    console.log(
      `| tus, /portal/uploads | ${seconds(tus)} | ${tusRate.toFixed(0)} | ${seconds(tusCpu)} |`,
    );
    console.log(
      `| plain PUT, bare Node | ${seconds(put)} | ${putRate.toFixed(0)} | ${seconds(putCpu)} |`,
    );
    console.log(
      `tus / plain PUT: ${((tusRate / putRate) * 100).toFixed(0)} % (goal: at least 70 %)`,
    );
    console.log(
      `server memory (RSS): ${(memory.before / 1024).toFixed(0)} MiB before, ${(memory.peak / 1024).toFixed(0)} MiB at most during the uploads`,
    );
    console.log(
      `stored files identical to the source (SHA-256), each round: ${stored === sourceHash ? "yes" : "NO"}`,
    );
  } finally {
    await database.close();
    bare.stop();
    await product.stop();
    await rm(work, { recursive: true, force: true });
  }
}

/** The source file: a WAV header, then random bytes, written in 8 MiB pieces. */
async function writeSource(file: string) {
  const handle = await open(file, "w");
  try {
    for (let written = 0; written < size; written += writePiece) {
      const length = Math.min(writePiece, size - written);
      await handle.write(written === 0 ? wavBytes(length) : wavBytes(length + 16).subarray(16));
    }
  } finally {
    await handle.close();
  }
}

/** Creates the upload, then PATCHes it a chunk at a time from the file, as tus-js-client does. */
async function tusUpload(base: string, cookie: string, requestId: string, file: string) {
  const headers = { Cookie: cookie, Origin: "http://127.0.0.1", "Tus-Resumable": "1.0.0" };
  const created = await fetch(`${base}/portal/uploads`, {
    method: "POST",
    headers: {
      ...headers,
      "Upload-Length": String(size),
      "Upload-Metadata": `request ${Buffer.from(requestId).toString("base64")},filename ${Buffer.from("footage.wav").toString("base64")}`,
    },
  });
  if (created.status !== 201)
    throw new Error(`creation answered ${created.status}: ${await created.text()}`);
  const location = new URL(created.headers.get("location") ?? "", `${base}/portal/uploads/`).href;
  // The page sends slices of the chosen File (tus-js-client: file.slice), read from disk as
  // they go: here, slices of the file opened as a Blob.
  const blob = await openAsBlob(file);
  let chunk = fixedChunk ?? chunkBytes.min;
  let started = performance.now();
  for (let offset = 0; offset < size; ) {
    const from = offset;
    const end = Math.min(offset + chunk, size);
    const answer = await fetch(location, {
      method: "PATCH",
      headers: {
        ...headers,
        "Upload-Offset": String(offset),
        "Content-Type": "application/offset+octet-stream",
      },
      body: blob.slice(offset, end),
    });
    if (answer.status !== 204)
      throw new Error(`PATCH answered ${answer.status}: ${await answer.text()}`);
    offset = Number(answer.headers.get("upload-offset"));
    // As the page does (footage-upload.client.ts): the next PATCH sized by this one's speed.
    const now = performance.now();
    patchSizes.add((end - from) / 1024 / 1024);
    if (!fixedChunk) chunk = nextChunkBytes(end - from, now - started);
    started = now;
  }
}

/** The floor: the whole file in one streamed PUT. */
async function plainPut(base: string, file: string) {
  const answer = await fetch(`${base}/footage`, {
    method: "PUT",
    body: createReadStream(file) as unknown as BodyInit,
    duplex: "half",
    headers: { "Content-Length": String(size) },
  } as RequestInit);
  if (answer.status !== 201) throw new Error(`PUT answered ${answer.status}`);
}

async function startBare(work: string) {
  const child = fork(import.meta.filename, {
    env: { ...process.env, BENCH_BARE_SERVER: "1", BENCH_BARE_DIR: work },
  });
  const { url } = await new Promise<{ url: string }>((resolve, reject) => {
    child.once("message", (message) => resolve(message as { url: string }));
    child.once("exit", (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return { url, pid: child.pid as number, stop: () => child.kill("SIGTERM") };
}

/** CPU time of a process in ms, user and system, all its threads (Linux's /proc, 10 ms ticks). */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
async function timed(run: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/** Resident memory of a process in KiB (Linux's /proc). */
function rssOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

async function sha256(file: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(file), hash);
  return hash.digest("hex");
}

/** The hash of the stored upload of the full size under DATA_DIR/media; then it is removed. */
async function storedHashThenRemove(dataDir: string, length: number): Promise<string | undefined> {
  const directory = path.join(dataDir, "media");
  for (const name of await readdir(directory)) {
    const file = path.join(directory, name);
    if (
      !name.endsWith(".json") &&
      (await stat(file)).isFile() &&
      (await stat(file)).size === length
    ) {
      const hash = await sha256(file);
      await rm(file);
      await rm(`${file}.json`, { force: true });
      return hash;
    }
  }
  return undefined;
}

/** The bare server's copies (put-N in the work directory). */
async function removePuts(work: string) {
  for (const name of await readdir(work)) {
    if (name.startsWith("put-")) await rm(path.join(work, name), { force: true });
  }
}
