/**
 * `work`'s result if it settles within `ms`, else `"late"` (the work is not stopped: its result is
 * dropped). For answers worth waiting for only so long: a stalled database, a slow DNS.
 */
export async function within<T>(work: Promise<T>, ms: number): Promise<T | "late"> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
