import { defineConfig } from "vitest/config";
import { shareCompileCache } from "./tests/compile-cache.ts";

shareCompileCache();

// Unit and API tests. Tests sit beside the code they test. Pages and browsers: tests/e2e.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // Most of these tests wait on I/O (servers on loopback, PostgreSQL, child processes): four
    // files at a time on a 2-core machine take 86 s instead of 186 s, for the same CPU.
    maxWorkers: 4,
    projects: [
      {
        extends: true,
        test: {
          name: "app",
          environment: "happy-dom",
          include: ["app/**/*.test.{ts,tsx}"],
          setupFiles: ["./app/test-setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "server",
          environment: "node",
          include: ["server/**/*.test.ts", "scripts/**/*.test.ts", "bench/**/*.test.ts"],
          testTimeout: 20_000,
          hookTimeout: 30_000,
          // Each backend's database migrated once, the template of every test's (decision 0098).
          globalSetup: ["./server/test/template-setup.ts"],
          // Each file's temporary folders in one of its own, removed after the file.
          setupFiles: ["./server/test/temp-root.ts"],
        },
      },
    ],
  },
});
