import { afterEach, expect, it, vi } from "vitest";

// The rule of docs/testing.md: a storage test runs on each backend through describeEachBackend;
// PostgreSQL is skipped (said once, loudly) only outside CI and without TEST_DATABASE_URL.
async function backendsWith(env: { TEST_DATABASE_URL: string; CI: string }) {
  vi.stubEnv("TEST_DATABASE_URL", env.TEST_DATABASE_URL);
  vi.stubEnv("CI", env.CI);
  vi.resetModules();
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  const { storageBackends } = await import("./backends.ts");
  const skipped = [storageBackends(), storageBackends()].map((backends) =>
    backends.map((backend) => `${backend.name}${backend.skip ? " skipped" : ""}`),
  );
  return { skipped, warnings: warn.mock.calls.map((call) => String(call[0])) };
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  vi.resetModules();
});

it("skips PostgreSQL without TEST_DATABASE_URL, and says so once however often it is asked", async () => {
  const { skipped, warnings } = await backendsWith({ TEST_DATABASE_URL: "", CI: "" });
  expect(skipped).toEqual([
    ["sqlite", "postgres skipped"],
    ["sqlite", "postgres skipped"],
  ]);
  expect(warnings).toHaveLength(1);
  expect(warnings[0]).toContain("skipped: no PostgreSQL");
});

it("never skips PostgreSQL in CI, even without TEST_DATABASE_URL (the tests fail instead)", async () => {
  const { skipped, warnings } = await backendsWith({ TEST_DATABASE_URL: "", CI: "true" });
  expect(skipped).toEqual([
    ["sqlite", "postgres"],
    ["sqlite", "postgres"],
  ]);
  expect(warnings).toEqual([]);
});

it("runs PostgreSQL when TEST_DATABASE_URL is set", async () => {
  const url = "postgres://tests@127.0.0.1:5432/postgres";
  const { skipped, warnings } = await backendsWith({ TEST_DATABASE_URL: url, CI: "" });
  expect(skipped[0]).toEqual(["sqlite", "postgres"]);
  expect(warnings).toEqual([]);
});
