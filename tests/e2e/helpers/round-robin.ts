import { mkdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { dataDir } from "./stored.ts";

// The round robin spans every member of the one e2e server, and the tests that steer it (who is
// Away when an application arrives) run in parallel workers. Each takes the turn before it
// changes anyone's availability and gives it back after, so no test ever sees another's half
// done; and each puts back what it changed, so none leaves the team altered for the next.

const turnDir = path.join(dataDir, "round-robin.turn");
/** A turn held longer than this was left by a worker that died: it is taken over. */
const abandonedAfterMs = 60_000;

/** Runs `steer` while no other test steers the round robin. */
export async function withRoundRobinTurn<T>(steer: () => Promise<T>): Promise<T> {
  await takeTurn();
  try {
    return await steer();
  } finally {
    await rm(turnDir, { recursive: true, force: true });
  }
}

async function takeTurn(): Promise<void> {
  const deadline = Date.now() + 2 * abandonedAfterMs;
  for (;;) {
    try {
      await mkdir(turnDir); // atomic: exactly one worker creates it
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const held = await stat(turnDir).catch(() => undefined);
    if (held && Date.now() - held.mtimeMs > abandonedAfterMs) {
      await rm(turnDir, { recursive: true, force: true });
      continue;
    }
    if (Date.now() > deadline) throw new Error("the round robin's turn was never free");
    // Another test holds the turn (a few database writes and one application): ask again soon.
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
