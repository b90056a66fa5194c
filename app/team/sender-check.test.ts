import { describe, expect, test } from "vitest";
import { senderVerdict } from "./sender-check";

describe("a sender is verified", () => {
  test("when DMARC passed with a passing DKIM signature", () => {
    expect(senderVerdict({ spf: "pass", dkim: "pass", dmarc: "pass" })).toBe("verified");
    expect(senderVerdict({ spf: "none", dkim: "pass", dmarc: "pass" })).toBe("verified");
  });

  test.each([
    [{ spf: "pass", dkim: "none", dmarc: "pass" }, "unverified"],
    [{ spf: "pass", dkim: "pass", dmarc: "none" }, "unverified"],
    [{ spf: "pass", dkim: "temperror", dmarc: "pass" }, "unverified"],
    [{ spf: "none", dkim: "none", dmarc: "none" }, "unverified"],
    [undefined, "unverified"],
    [{}, "unverified"],
    [{ spf: "fail", dkim: "pass", dmarc: "pass" }, "failed"],
    [{ spf: "pass", dkim: "fail", dmarc: "none" }, "failed"],
    [{ spf: "pass", dkim: "pass", dmarc: "fail" }, "failed"],
  ] as const)("not when the checks are %o (%s)", (auth, verdict) => {
    expect(senderVerdict(auth)).toBe(verdict);
  });
});
