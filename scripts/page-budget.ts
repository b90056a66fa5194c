import { readFileSync } from "node:fs";
import path from "node:path";
import { brotliDecompressSync, constants, gunzipSync, gzipSync } from "node:zlib";

/**
 * Byte figures of the prerendered `/`, from a build's client directory: what
 * tests/e2e/build-budgets.spec.ts checks and bench/lighthouse.ts prints.
 */

/** True for inline scripts the browser executes; data blocks (JSON-LD, rules) are not code. */
export function isExecutableScript(attributes: string): boolean {
  const type = attributes.match(/\stype="([^"]*)"/)?.[1]?.toLowerCase();
  return !type || type === "module" || /^(text|application)\/(java|ecma)script$/.test(type);
}

/** Gzip bytes of all JavaScript the page loads: external scripts, module preloads, inline code. */
export function javascriptGzipBytes(clientDir: string, html: string): number {
  let bytes = 0;
  const file = (href: string) =>
    readFileSync(path.join(clientDir, new URL(href, "http://x").pathname));
  for (const [, attributes, body] of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
    const src = attributes!.match(/\ssrc="([^"]+)"/)?.[1];
    if (src) bytes += gzipSync(file(src), { level: 9 }).length;
    else if (isExecutableScript(attributes!)) bytes += gzipSync(body!, { level: 9 }).length;
  }
  for (const [tag] of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*>/g)) {
    const href = tag.match(/\shref="([^"]+)"/)?.[1];
    if (href) bytes += gzipSync(file(href), { level: 9 }).length;
  }
  return bytes;
}

/**
 * How many bytes of a compressed stream must arrive before the first `byteLength` bytes of the
 * document are decoded: the shortest prefix whose decompression (flushing all it can) is that
 * long.
 */
export function compressedBytesBefore(
  compressed: Buffer,
  encoding: "gzip" | "br",
  byteLength: number,
): number {
  const decodedLength = (length: number) => {
    const prefix = compressed.subarray(0, length);
    try {
      return encoding === "gzip"
        ? gunzipSync(prefix, { finishFlush: constants.Z_SYNC_FLUSH }).length
        : brotliDecompressSync(prefix, { finishFlush: constants.BROTLI_OPERATION_FLUSH }).length;
    } catch {
      return 0;
    }
  };
  let low = 1;
  let high = compressed.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (decodedLength(middle) >= byteLength) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** The hero headline (the page's h1) of `/` and where it ends in the HTML and its variants. */
export function headlineOffsets(clientDir: string) {
  const file = path.join(clientDir, "index.html");
  const html = readFileSync(file, "utf8");
  const h1 = html.match(/<h1[^>]*>([\s\S]*?)<\/h1>/);
  if (!h1) throw new Error(`no <h1> in ${file}`);
  const start = html.indexOf(h1[0]);
  const end = Buffer.byteLength(html.slice(0, start + h1[0].length));
  const gzip = readFileSync(`${file}.gz`);
  const br = readFileSync(`${file}.br`);
  return {
    html,
    text: h1[1]!.replace(/<[^>]+>/g, ""),
    start,
    end,
    gzip: { size: gzip.length, offset: compressedBytesBefore(gzip, "gzip", end), data: gzip },
    br: { size: br.length, offset: compressedBytesBefore(br, "br", end), data: br },
  };
}
