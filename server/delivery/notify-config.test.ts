import { expect, it } from "vitest";
import { loadConfig } from "../config.ts";

const secretUrl = "http://hooks.slack.example/services/T000/B000/XXXXSECRETXXXX";

it("takes https chat webhooks, and plain http only to a loopback host", () => {
  const config = loadConfig({
    SLACK_WEBHOOK_URL: " https://hooks.slack.com/services/T000/B000/XXXX ",
    DISCORD_WEBHOOK_URL: "http://127.0.0.1:8080/api/webhooks/1/abc",
    TEAMS_WEBHOOK_URL: "http://localhost:9000/workflows/x",
  });
  expect(config.SLACK_WEBHOOK_URL).toBe("https://hooks.slack.com/services/T000/B000/XXXX");
  expect(config.DISCORD_WEBHOOK_URL).toBe("http://127.0.0.1:8080/api/webhooks/1/abc");
  expect(config.TEAMS_WEBHOOK_URL).toBe("http://localhost:9000/workflows/x");
  expect(loadConfig({ SLACK_WEBHOOK_URL: "" }).SLACK_WEBHOOK_URL).toBeUndefined();
  expect(loadConfig({ TEAMS_WEBHOOK_URL: "http://[::1]:9000/x" }).TEAMS_WEBHOOK_URL).toBe(
    "http://[::1]:9000/x",
  );
});

it.each([
  ["SLACK_WEBHOOK_URL", secretUrl, "must be an https:// URL"],
  ["DISCORD_WEBHOOK_URL", "discord.com/api/webhooks/1/abc", "is not a URL"],
  ["TEAMS_WEBHOOK_URL", "ftp://127.0.0.1/x", "must be an https:// URL"],
  ["SLACK_WEBHOOK_URL", "http://127.0.0.1.evil.example/x", "must be an https:// URL"],
  ["DISCORD_WEBHOOK_URL", "https://%zz/secret-token", "is not a URL"],
])("stops at start on a bad %s, naming it (and not repeating the URL)", (name, value, why) => {
  let message = "";
  try {
    loadConfig({ [name]: value });
  } catch (error) {
    message = (error as Error).message;
  }
  expect(message).toContain(`${name}: ${why}`);
  expect(message).not.toContain(value);
});

it("sends alerts to TEAM_EMAIL unless ALERT_EMAIL says otherwise", () => {
  expect(loadConfig({ TEAM_EMAIL: "team@studio.example" }).ALERT_EMAIL).toBe("team@studio.example");
  expect(
    loadConfig({ TEAM_EMAIL: "team@studio.example", ALERT_EMAIL: "ops@studio.example" })
      .ALERT_EMAIL,
  ).toBe("ops@studio.example");
  expect(() => loadConfig({ ALERT_EMAIL: "not an address" })).toThrow(/ALERT_EMAIL/);
});

it("turns /metrics on only with a METRICS_TOKEN of 16 characters or more", () => {
  expect(loadConfig({}).METRICS_TOKEN).toBeUndefined();
  expect(loadConfig({ METRICS_TOKEN: "  " }).METRICS_TOKEN).toBeUndefined();
  expect(loadConfig({ METRICS_TOKEN: "a".repeat(16) }).METRICS_TOKEN).toBe("a".repeat(16));
  expect(() => loadConfig({ METRICS_TOKEN: "short" })).toThrow(
    /METRICS_TOKEN: must be at least 16 characters/,
  );
});
