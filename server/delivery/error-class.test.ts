import { expect, it } from "vitest";
import { classifyError, DeliveryError, httpFailure, isPermanent } from "./error-class.ts";

const withCode = (message: string, fields: Record<string, unknown>) =>
  Object.assign(new Error(message), fields);

it("names nodemailer's failures by their code", () => {
  expect(classifyError(withCode("Connection refused", { code: "ECONNECTION" }))).toBe(
    "unreachable",
  );
  expect(classifyError(withCode("Invalid login: 535", { code: "EAUTH", responseCode: 535 }))).toBe(
    "smtp_auth",
  );
  expect(classifyError(withCode("550 mailbox unavailable", { code: "EENVELOPE" }))).toBe(
    "smtp_refused",
  );
  expect(classifyError(withCode("Greeting never received", { code: "ETIMEDOUT" }))).toBe("timeout");
  expect(classifyError(withCode("452 too many", { responseCode: 452 }))).toBe("smtp_refused");
});

it("names fetch's failures by the network error behind them", () => {
  const refused = new TypeError("fetch failed", { cause: withCode("x", { code: "ECONNREFUSED" }) });
  expect(classifyError(refused)).toBe("unreachable");
  const dns = new TypeError("fetch failed", { cause: withCode("x", { code: "ENOTFOUND" }) });
  expect(classifyError(dns)).toBe("dns");
  expect(classifyError(new DOMException("timed out", "TimeoutError"))).toBe("timeout");
});

it("names HTTP answers, and takes a 4xx as final except 408, 425 and 429", () => {
  expect(httpFailure("Slack", 404)).toMatchObject({ errorClass: "http_4xx", permanent: true });
  expect(httpFailure("Slack", 408)).toMatchObject({ errorClass: "http_4xx", permanent: false });
  expect(httpFailure("Slack", 429)).toMatchObject({ errorClass: "http_429", permanent: false });
  expect(httpFailure("Slack", 503)).toMatchObject({ errorClass: "http_5xx", permanent: false });
  expect(classifyError(new Error("webhook answered 503"))).toBe("http_5xx");
  expect(isPermanent(httpFailure("Teams", 400))).toBe(true);
  expect(isPermanent(new Error("Teams answered 400"))).toBe(false);
});

it("knows its own errors, and calls the rest other", () => {
  expect(classifyError(new DeliveryError("x", "tls"))).toBe("tls");
  expect(classifyError(new Error("submission not found"))).toBe("submission_missing");
  expect(classifyError(new Error("WEBHOOK_URL is not set"))).toBe("not_configured");
  expect(classifyError(new Error("something else"))).toBe("other");
  expect(classifyError("a string")).toBe("other");
});
