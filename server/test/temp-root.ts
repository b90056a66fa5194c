import { mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

/**
 * A setup file of the server project: each test file's temporary folders (data directories,
 * fixtures, copies) are made in one folder of its own, removed once the file's tests and hooks
 * are done. Node's `tmpdir()` reads TMPDIR at each call, and what the tests spawn inherits it.
 * Before, a run of the unit suite left 1.1 GB in /tmp: 540 data directories no test removed.
 */
// The first file of a worker process finds the real one; the files after it, this copy.
const base = process.env.REELSMITH_TEST_TMP_BASE ?? tmpdir();
process.env.REELSMITH_TEST_TMP_BASE = base;
const root = mkdtempSync(path.join(base, "reelsmith-file-"));
process.env.TMPDIR = root;

// Registered before the file's own hooks, so run after them (Vitest runs after-hooks as a stack).
afterAll(async () => {
  process.env.TMPDIR = base;
  await rm(root, { recursive: true, force: true, maxRetries: 3 });
});
