import { expect, it } from "vitest";
import { kindRegistry } from "../delivery/kinds/registry.ts";
import { bearerMatches, routeLabel } from "./http-metrics.ts";
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

it("counts refusals by reason, and says the database is down when the backlog cannot be read", async () => {
  const metrics = createMetrics({
    backlog: () => Promise.reject(new Error("no database")),
    kinds: kindRegistry.names,
  });
  metrics.applicationAccepted();
  metrics.applicationAccepted();
  metrics.applicationRefused("validation_failed");
  const text = await metrics.registry.metrics();
  expect(text).toContain("reelsmith_applications_accepted_total 2");
  expect(text).toContain('reelsmith_applications_refused_total{reason="validation_failed"} 1');
  expect(text).toContain("reelsmith_database_up 0");
  expect(text).not.toMatch(/^reelsmith_deliveries_pending\{/m);
});
