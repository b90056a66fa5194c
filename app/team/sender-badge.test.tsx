import { render, screen } from "@testing-library/react";
import { expect, test } from "vitest";
import { Checks, SenderBadge } from "./sender-badge";

test("the sender in words: verified only with DMARC and DKIM passed, the checks folded", () => {
  render(
    <>
      <SenderBadge auth={{ spf: "pass", dkim: "pass", dmarc: "pass" }} />
      <SenderBadge auth={{ spf: "pass", dkim: "none", dmarc: "pass" }} />
      <SenderBadge auth={{ spf: "fail", dkim: "none", dmarc: "none" }} />
      <Checks auth={{ spf: "pass", dkim: "none", dmarc: "pass" }} />
    </>,
  );
  expect(screen.getByText("Verified sender").className).toContain("emerald");
  expect(screen.getByText("Sender not verified").className).not.toContain("emerald");
  expect(screen.getByText("Sender not verified: a check failed")).toBeTruthy();
  const folded = screen.getByText(/SPF pass · DKIM none · DMARC pass/);
  expect(folded.closest("details")?.open).toBe(false);
});
