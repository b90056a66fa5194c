import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { configVariables, loadConfig } from "./config.ts";
import { testWebhookSecret } from "./test/webhook-receiver.ts";

const webhook = {
  WEBHOOK_URL: "https://hooks.example.com/reelsmith",
  WEBHOOK_SECRET: testWebhookSecret,
};

describe("loadConfig: the variables of issue 10", () => {
  it("has defaults that make a fresh clone run", () => {
    const config = loadConfig({});
    expect(config.CONFIRMATIONS_PER_HOUR).toBe(100);
    expect(config.INTAKE_QUEUE_MAX).toBe(5000);
    expect(config.TRUST_PROXY("127.0.0.1", 0)).toBe(false);
    expect(config.WEBHOOK_URL).toBeUndefined();
  });

  it("asks no intake key unless INTAKE_API_KEY is set (empty is unset)", () => {
    expect(loadConfig({}).INTAKE_API_KEY).toBeUndefined();
    expect(loadConfig({ INTAKE_API_KEY: " " }).INTAKE_API_KEY).toBeUndefined();
    const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYW5vbiJ9.c2lnbmF0dXJl";
    expect(loadConfig({ INTAKE_API_KEY: jwt }).INTAKE_API_KEY).toBe(jwt);
  });

  it("reads TRUST_PROXY as Express's `trust proxy`: false, a hop count, addresses", () => {
    expect(loadConfig({ TRUST_PROXY: "false" }).TRUST_PROXY("127.0.0.1", 0)).toBe(false);
    const hop = loadConfig({ TRUST_PROXY: "1" }).TRUST_PROXY;
    expect([hop("203.0.113.1", 0), hop("203.0.113.1", 1)]).toEqual([true, false]);
    const list = loadConfig({ TRUST_PROXY: "loopback, 10.0.0.0/8" }).TRUST_PROXY;
    expect([list("127.0.0.1", 3), list("10.9.8.7", 0), list("192.0.2.1", 0)]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it("takes a Standard Webhooks secret and an https URL, or http to loopback", () => {
    expect(loadConfig(webhook).WEBHOOK_URL).toBe(webhook.WEBHOOK_URL);
    for (const url of ["http://127.0.0.1:9000/hook", "http://localhost/h", "http://[::1]:8/h"]) {
      expect(loadConfig({ ...webhook, WEBHOOK_URL: url }).WEBHOOK_URL).toBe(url);
    }
  });

  it.each([
    ["TRUST_PROXY", { TRUST_PROXY: "true" }, /TRUST_PROXY: `true` would believe/],
    ["TRUST_PROXY", { TRUST_PROXY: "proxy.example" }, /TRUST_PROXY: invalid IP address/],
    ["TRUST_PROXY", { TRUST_PROXY: "10.0.0.0/40" }, /TRUST_PROXY: invalid range/],
    ["TRUST_PROXY", { TRUST_PROXY: "-1" }, /TRUST_PROXY/],
    ["CONFIRMATIONS_PER_HOUR", { CONFIRMATIONS_PER_HOUR: "-1" }, /CONFIRMATIONS_PER_HOUR/],
    ["CONFIRMATIONS_PER_HOUR", { CONFIRMATIONS_PER_HOUR: "many" }, /CONFIRMATIONS_PER_HOUR/],
    ["CONFIRMATIONS_PER_HOUR", { CONFIRMATIONS_PER_HOUR: "1.5" }, /CONFIRMATIONS_PER_HOUR/],
    ["INTAKE_QUEUE_MAX", { INTAKE_QUEUE_MAX: "0" }, /INTAKE_QUEUE_MAX/],
    ["INTAKE_QUEUE_MAX", { INTAKE_QUEUE_MAX: "lots" }, /INTAKE_QUEUE_MAX/],
    [
      "WEBHOOK_URL",
      { ...webhook, WEBHOOK_URL: "http://hooks.example.com/reelsmith" },
      /WEBHOOK_URL: must be an https:\/\/ URL/,
    ],
    [
      "WEBHOOK_URL",
      { ...webhook, WEBHOOK_URL: "http://127.0.0.1.evil.example/h" },
      /WEBHOOK_URL: must be an https:\/\/ URL/,
    ],
    ["WEBHOOK_URL", { ...webhook, WEBHOOK_URL: "ftp://127.0.0.1/h" }, /WEBHOOK_URL/],
    [
      "WEBHOOK_SECRET",
      { ...webhook, WEBHOOK_SECRET: "a-long-random-string" },
      /WEBHOOK_SECRET: must be whsec_/,
    ],
    [
      "WEBHOOK_SECRET",
      { ...webhook, WEBHOOK_SECRET: `whsec_${Buffer.alloc(8).toString("base64")}` },
      /WEBHOOK_SECRET: must be whsec_ and 24 to 64 random bytes/,
    ],
    ["WEBHOOK_SECRET", { WEBHOOK_URL: webhook.WEBHOOK_URL }, /WEBHOOK_SECRET: required/],
    ["INTAKE_API_KEY", { INTAKE_API_KEY: "short-key" }, /INTAKE_API_KEY: must be at least 16/],
    [
      "INTAKE_API_KEY",
      { INTAKE_API_KEY: "a key with spaces in it" },
      /INTAKE_API_KEY: must be visible ASCII characters, without spaces/,
    ],
  ])("a bad %s stops the server with a message naming it", (_name, env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});

it(".env.example lists every variable the server reads", () => {
  const example = readFileSync(path.join(import.meta.dirname, "../.env.example"), "utf8");
  const listed = new Set([...example.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));
  expect(configVariables.filter((name) => !listed.has(name))).toEqual([]);
});

it("docs/configuration.md has one row for each variable the server reads, and no other", () => {
  const doc = readFileSync(path.join(import.meta.dirname, "../docs/configuration.md"), "utf8");
  const rows = [...doc.matchAll(/^\| `([A-Z][A-Z0-9_]+)` +\|/gm)].map((m) => m[1]);
  expect([...rows].sort()).toEqual([...configVariables].sort());
  expect(new Set(rows).size).toBe(rows.length);
});
