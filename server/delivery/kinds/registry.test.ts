import { describe, expect, it } from "vitest";
import { team } from "#app/content/team.ts";
import type { Mailer } from "../../mail/mailer.ts";
import { DeliveryError } from "../error-class.ts";
import type { DeliveryJob } from "./kind.ts";
import { createKindRegistry, deliveryKinds, kindRegistry } from "./registry.ts";

const config = {
  MAIL_FROM: "Reelsmith <no-reply@reelsmith.example>",
  TEAM_EMAIL: "team@reelsmith.example",
  CONTACT_EMAIL: "hello@reelsmith.example",
  WEBHOOK_URL: undefined,
  WEBHOOK_SECRET: undefined,
};
const mailer: Mailer = { send: async () => {}, close() {} };
const jobOf = (kind: string) => ({ delivery: { kind }, application: {} }) as unknown as DeliveryJob;

describe("the registry of delivery kinds", () => {
  it("gives every kind a label and a noun in the team's copy", () => {
    for (const kind of deliveryKinds) {
      expect(team.deliveryKinds[kind.name]?.label, kind.name).toMatch(/\S/);
      expect(team.deliveryKinds[kind.name]?.noun, kind.name).toMatch(/\S/);
    }
  });

  it("has no label for a kind it does not register (a stale label is a forgotten kind)", () => {
    expect(Object.keys(team.deliveryKinds).sort()).toEqual([...kindRegistry.names].sort());
  });

  it("refuses two kinds of one name", () => {
    const [first] = deliveryKinds;
    expect(() => createKindRegistry([first, first])).toThrow(/same name/);
  });

  it("makes an application's kinds from what is configured", () => {
    expect(kindRegistry.made("application", config)).toEqual([
      "team_notification",
      "applicant_confirmation",
    ]);
    const everything = {
      ...config,
      WEBHOOK_URL: "https://hooks.example/x",
      WEBHOOK_SECRET: `whsec_${Buffer.alloc(32).toString("base64")}`,
      SLACK_WEBHOOK_URL: "https://hooks.slack.com/services/T/B/X",
      TEAMS_WEBHOOK_URL: "https://teams.example/x",
    };
    expect(kindRegistry.made("application", everything)).toEqual([
      "team_notification",
      "applicant_confirmation",
      "webhook",
      "slack",
      "teams",
    ]);
    expect(kindRegistry.made("alert", everything)).toEqual([
      "alert_email",
      "alert_slack",
      "alert_teams",
    ]);
  });

  it("fails an unknown kind for good instead of sending nothing", async () => {
    const sent = kindRegistry.send(jobOf("carrier_pigeon"), { config, mailer });
    await expect(sent).rejects.toBeInstanceOf(DeliveryError);
    await expect(sent).rejects.toMatchObject({ errorClass: "unknown_kind", permanent: true });
  });

  it("asks a kind why not to send, and nothing of a kind without that question", async () => {
    const registry = createKindRegistry([
      {
        name: "reminder",
        made: "on-demand",
        configured: () => true,
        send: async () => {},
        skipReason: async () => "answered",
      },
    ]);
    await expect(registry.skipReason(jobOf("reminder"), { config, mailer })).resolves.toBe(
      "answered",
    );
    await expect(
      kindRegistry.skipReason(jobOf("team_notification"), { config, mailer }),
    ).resolves.toBeUndefined();
  });
});
