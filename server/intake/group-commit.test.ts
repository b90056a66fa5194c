import { expect, it } from "vitest";
import { createGroupCommitter, QueueFullError } from "./group-commit.ts";

it("writes what arrives together in one batch, and answers each caller with its own result", async () => {
  const batches: number[][] = [];
  const committer = createGroupCommitter(async (items: number[]) => {
    batches.push(items);
    return items.map((item) => item * 10);
  });
  const results = await Promise.all([1, 2, 3, 4].map((item) => committer.submit(item)));
  expect(results).toEqual([10, 20, 30, 40]);
  expect(batches).toEqual([[1, 2, 3, 4]]);
});

it("queues what arrives during a write for the next write", async () => {
  const batches: number[][] = [];
  let release: () => void = () => {};
  const committer = createGroupCommitter(async (items: number[]) => {
    batches.push(items);
    if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
    return items;
  });
  const first = committer.submit(1);
  await new Promise((resolve) => setImmediate(resolve)); // the first write has started
  const later = [2, 3].map((item) => committer.submit(item));
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(batches).toEqual([[1]]); // 2 and 3 wait for the running write
  release();
  expect(await Promise.all([first, ...later])).toEqual([1, 2, 3]);
  expect(batches).toEqual([[1], [2, 3]]);
});

it("fails every caller of a failed write, and only those", async () => {
  let calls = 0;
  const committer = createGroupCommitter(async (items: string[]) => {
    calls += 1;
    if (calls === 1) throw new Error("disk full");
    return items;
  });
  const failed = await Promise.allSettled(["a", "b"].map((item) => committer.submit(item)));
  expect(failed.map((result) => result.status)).toEqual(["rejected", "rejected"]);
  expect(await committer.submit("c")).toBe("c");
});

it("splits a long queue into batches of maxBatch", async () => {
  const sizes: number[] = [];
  const committer = createGroupCommitter(
    async (items: number[]) => {
      sizes.push(items.length);
      return items;
    },
    { maxBatch: 4 },
  );
  await Promise.all(Array.from({ length: 10 }, (_, i) => committer.submit(i)));
  expect(sizes).toEqual([4, 4, 2]);
  await committer.drain();
});

it("is busy only while many applications arrive", async () => {
  const committer = createGroupCommitter(async (items: number[]) => items, { busyRate: 10 });
  await Promise.all(Array.from({ length: 3 }, (_, i) => committer.submit(i)));
  expect(committer.busy()).toBe(false); // a few applications: deliveries go at full speed
  await Promise.all(Array.from({ length: 12 }, (_, i) => committer.submit(i)));
  expect(committer.busy()).toBe(true);
});

it("writes a batch one item at a time after an item's own error, so only that item fails", async () => {
  const itemError = Object.assign(new Error("bad row"), { itemError: true });
  const batches: string[][] = [];
  const committer = createGroupCommitter(
    async (items: string[]) => {
      batches.push(items);
      if (items.includes("bad")) throw itemError;
      return items.map((item) => item.toUpperCase());
    },
    { isItemError: (error) => error === itemError },
  );
  const outcomes = await Promise.allSettled(
    ["a", "bad", "c"].map((item) => committer.submit(item)),
  );
  expect(outcomes).toEqual([
    { status: "fulfilled", value: "A" },
    { status: "rejected", reason: itemError },
    { status: "fulfilled", value: "C" },
  ]);
  expect(batches).toEqual([["a", "bad", "c"], ["a"], ["bad"], ["c"]]);
});

it("fails the whole batch at once for any other error (no retry per item)", async () => {
  let writes = 0;
  const committer = createGroupCommitter(
    async () => {
      writes += 1;
      throw new Error("database unreachable");
    },
    { isItemError: () => false },
  );
  const outcomes = await Promise.allSettled(["a", "b", "c"].map((item) => committer.submit(item)));
  expect(outcomes.every((outcome) => outcome.status === "rejected")).toBe(true);
  expect(writes).toBe(1);
});

it("refuses at once beyond maxWaiting items queued or being written, and takes more after", async () => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const committer = createGroupCommitter(
    async (items: number[]) => {
      await held; // the database is slow: nothing commits until released
      return items;
    },
    { maxWaiting: 3, maxBatch: 2 },
  );
  const taken = [1, 2, 3].map((item) => committer.submit(item));
  await new Promise((resolve) => setImmediate(resolve)); // [1, 2] are being written, 3 waits
  expect(committer.waiting()).toBe(3);
  await expect(committer.submit(4)).rejects.toBeInstanceOf(QueueFullError);
  release();
  expect(await Promise.all(taken)).toEqual([1, 2, 3]);
  await committer.drain();
  expect(committer.waiting()).toBe(0);
  expect(await committer.submit(5)).toBe(5);
});
