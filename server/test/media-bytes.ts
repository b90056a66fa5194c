import { randomBytes } from "node:crypto";

/**
 * Bytes that file-type reads as audio/wav (a RIFF/WAVE header, then random bytes): a file the
 * portal's uploads take, `length` bytes long (at least 16).
 */
export function wavBytes(length: number): Buffer {
  const header = Buffer.concat([Buffer.from("RIFF"), Buffer.alloc(4), Buffer.from("WAVEfmt ")]);
  return Buffer.concat([header, randomBytes(Math.max(0, length - header.length))]).subarray(
    0,
    length,
  );
}

/** Bytes that file-type reads as application/pdf: a file that is not media. */
export function pdfBytes(length: number): Buffer {
  const header = Buffer.from("%PDF-1.7\n");
  return Buffer.concat([header, Buffer.alloc(Math.max(0, length - header.length), "x")]).subarray(
    0,
    length,
  );
}
