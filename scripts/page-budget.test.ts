import { randomBytes } from "node:crypto";
import { brotliCompressSync, constants, gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressedBytesBefore, isExecutableScript } from "./page-budget.ts";

describe("compressedBytesBefore", () => {
  // 24 KB that do not compress, then a marker: the marker cannot arrive in the first 14 KB.
  const noise = randomBytes(18 * 1024).toString("base64");
  const document = Buffer.from(`<p>${noise}</p><h1>Marker</h1><footer>${"x".repeat(5000)}`);
  const end = document.indexOf("</h1>") + 5;

  it("finds the shortest gzip prefix that decodes up to the given byte", () => {
    const gzip = gzipSync(document, { level: 9 });
    const offset = compressedBytesBefore(gzip, "gzip", end);
    const decode = (length: number) =>
      gunzipSync(gzip.subarray(0, length), { finishFlush: constants.Z_SYNC_FLUSH });
    expect(decode(offset).length).toBeGreaterThanOrEqual(end);
    expect(decode(offset - 1).length).toBeLessThan(end);
    expect(offset).toBeGreaterThan(noise.length * 0.7);
    expect(offset).toBeLessThan(gzip.length);
  });

  it("works on brotli streams too", () => {
    const br = brotliCompressSync(document);
    const offset = compressedBytesBefore(br, "br", end);
    expect(offset).toBeGreaterThan(noise.length * 0.7);
    expect(offset).toBeLessThanOrEqual(br.length);
  });
});

describe("isExecutableScript", () => {
  it("counts classic and module scripts, not data blocks", () => {
    expect(isExecutableScript("")).toBe(true);
    expect(isExecutableScript(' type="module"')).toBe(true);
    expect(isExecutableScript(' type="text/javascript"')).toBe(true);
    expect(isExecutableScript(' type="application/ld+json"')).toBe(false);
    expect(isExecutableScript(' type="speculationrules"')).toBe(false);
  });
});
