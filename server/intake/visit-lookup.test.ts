import { describe, expect, it } from "vitest";
import type { PendingApplication } from "../db/applications/store.ts";
import { createLogger } from "../logger.ts";
import { validApplication } from "../test/fixtures.ts";
import { createIntakeService, type VisitLookup } from "./service.ts";

const meta = { ip: "203.0.113.7", userAgent: "Mozilla/5.0 Maya", host: "reelsmith.test" };

/** The intake with a committer that stores in memory and the given visit lookup. */
function intakeWith(visits: VisitLookup, visitLookupMs: number) {
  const stored: PendingApplication[] = [];
  const intake = createIntakeService({
    committer: {
      submit: async (item) => {
        stored.push(item);
        return { id: item.row.id, created: true, deliveries: 0 };
      },
      drain: async () => {},
      waiting: () => 0,
      full: () => false,
      busy: () => false,
    },
    rateLimit: { consume: async () => ({ ok: true }) },
    hashIp: (ip) => `hash ${ip}`,
    hashRecipient: (email) => `hash ${email}`,
    deliveryKinds: [],
    logger: createLogger({ LOG_LEVEL: "silent" }),
    visits,
    visitLookupMs,
  });
  return { intake, stored };
}

describe("the visit an application came from", () => {
  it("is never waited for: a lookup that hangs (a stalled database) leaves the source not known", async () => {
    const { intake, stored } = intakeWith(
      { sourceOf: () => new Promise(() => {}), applied: () => {} },
      50,
    );
    const started = performance.now();
    const outcome = await intake.submit(validApplication(), meta);
    expect(outcome).toMatchObject({ ok: true });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(stored[0]?.row).toMatchObject({ visitSource: null, visitLandingPage: null });
  });

  it("is kept when found in time", async () => {
    const source = {
      source: "newsletter",
      medium: "email",
      campaign: "spring",
      referrer: "news.example",
      landingPage: "/onboarding",
    };
    const { intake, stored } = intakeWith(
      { sourceOf: async () => source, applied: () => {} },
      1000,
    );
    expect(await intake.submit(validApplication(), meta)).toMatchObject({ ok: true });
    expect(stored[0]?.row).toMatchObject({ visitSource: "newsletter", visitCampaign: "spring" });
  });
});
