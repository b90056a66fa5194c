import { defineConfig } from "vitest/config";

// Unit and API tests. Tests sit beside the code they test. Pages and browsers: tests/e2e.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
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
          include: ["server/**/*.test.ts", "scripts/**/*.test.ts"],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
