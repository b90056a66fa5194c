import net from "node:net";

type Truthy<T> = Exclude<T, false | null | undefined | 0 | "">;

/**
 * Polls `check` until it returns a truthy value (returned) or `timeoutMs` passes (throws). An
 * empty array counts as not yet: a list filtered for what is awaited is empty until it comes,
 * and `[]` is truthy (a log line awaited this way was once read before it was written).
 */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  options: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
): Promise<Truthy<T>> {
  const { timeoutMs = 10_000, intervalMs = 50, what = "condition" } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value && !(Array.isArray(value) && value.length === 0)) return value as Truthy<T>;
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(intervalMs);
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A port on `host` (a loopback address) that nothing listens on (yet). */
export async function freePort(host = "127.0.0.1"): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== "object" || !address) throw new Error("no port");
  return address.port;
}
