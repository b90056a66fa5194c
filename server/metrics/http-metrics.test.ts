import { expect, it } from "vitest";
import type { IntakeOutcome } from "#app/shared/app-context.ts";
import { kindRegistry } from "../delivery/kinds/registry.ts";
import { bearerMatches, countedIntake, routeLabel } from "./http-metrics.ts";
import { createMetrics } from "./metrics.ts";

it("labels routes from a fixed set, never with the path itself", () => {
  expect(routeLabel("/")).toBe("/");
  expect(routeLabel("/_root.data")).toBe("/");
  expect(routeLabel("/onboarding")).toBe("/onboarding");
  expect(routeLabel("/onboarding.data")).toBe("/onboarding");
  expect(routeLabel("/functions/v1/send-onboarding-email")).toBe(
    "/functions/v1/send-onboarding-email",
  );
  expect(routeLabel("/assets/entry.client-AbC123.js")).toBe("/assets/*");
  for (const path of ["/team", "/team.data", "/team/applications/7d1f", "/team/export.data"]) {
    expect(routeLabel(path)).toBe("/team/*");
  }
  expect(routeLabel("/favicon.ico")).toBe("/:file");
  expect(routeLabel("/icon-192.png")).toBe("/:file");
  for (const path of [
    "/wp-login.php",
    "/onboarding/",
    "/a/b.png",
    "/.env",
    "/%2e%2e/etc",
    "/teams",
  ]) {
    expect(routeLabel(path)).toBe("other");
  }
});

it("accepts only `Bearer <token>` with the exact token", () => {
  const token = "0123456789abcdef0123";
  expect(bearerMatches(`Bearer ${token}`, token)).toBe(true);
  expect(bearerMatches(`bearer ${token}`, token)).toBe(true);
  expect(bearerMatches(`Bearer ${token} x`, token)).toBe(false);
  expect(bearerMatches(`Bearer ${token}0`, token)).toBe(false);
  expect(bearerMatches(token, token)).toBe(false);
  expect(bearerMatches(undefined, token)).toBe(false);
  expect(bearerMatches("Bearer ", token)).toBe(false);
});

it("counts the no-JavaScript form's applications by outcome", async () => {
  const metrics = createMetrics({
    backlog: () => Promise.reject(new Error("no database")),
    kinds: kindRegistry.names,
  });
  const outcomes: IntakeOutcome[] = [
    { ok: true, id: "a" },
    { ok: false, error: "validation_failed", fieldErrors: {} },
    { ok: false, error: "rate_limited", retryAfterSeconds: 60 },
    { ok: true, id: "b" },
  ];
  const port = countedIntake({ submit: async () => outcomes.shift() as IntakeOutcome }, metrics);
  for (let i = 0; i < 4; i++) await port.submit({}, { ip: "127.0.0.1", userAgent: "test" });
  const text = await metrics.registry.metrics();
  expect(text).toContain("reelsmith_applications_accepted_total 2");
  expect(text).toContain('reelsmith_applications_refused_total{reason="validation_failed"} 1');
  expect(text).toContain('reelsmith_applications_refused_total{reason="rate_limited"} 1');
  // The database did not answer: no backlog figures, and it says so.
  expect(text).toContain("reelsmith_database_up 0");
  expect(text).not.toMatch(/^reelsmith_deliveries_pending\{/m);
});
