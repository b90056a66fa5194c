/**
 * How much of a file each tus PATCH carries (decision 0089): the page starts every upload (and
 * every retry) at `chunkBytes.min`, then sizes each next PATCH from how fast the last one went,
 * so that it takes about `chunkTargetMs`. A PATCH is a request with fixed costs (its session,
 * its lock, tus's record of the upload): on a fast link (a desk's LAN, loopback) 8 MiB pieces
 * spend as long on those as on their bytes, and larger ones do not. On a slow one (a phone)
 * they stay at 8 MiB: a PATCH must end within HTTP_REQUEST_TIMEOUT_MS (30 s), and what a cut
 * PATCH brought is kept, so the smaller piece is the safer. Growth is at most ×4 a step. The
 * bench (bench/uploads.ts) sends by the same rule.
 */
export const chunkBytes = { min: 8 * 1024 * 1024, max: 64 * 1024 * 1024 };

/** About how long a PATCH should take. */
export const chunkTargetMs = 3000;

const mebibyte = 1024 * 1024;

/** The next PATCH's size, from the last one's (`lastBytes` taking `lastMs`, answer included). */
export function nextChunkBytes(lastBytes: number, lastMs: number): number {
  const perMs = lastBytes / Math.max(lastMs, 1);
  const wanted = Math.min(perMs * chunkTargetMs, lastBytes * 4);
  const whole = Math.floor(wanted / mebibyte) * mebibyte;
  return Math.min(chunkBytes.max, Math.max(chunkBytes.min, whole));
}
