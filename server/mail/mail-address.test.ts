import { expect, it } from "vitest";
import { addressOf } from "./mail-address.ts";

it("reads the address of MAIL_FROM however it is written", () => {
  expect(addressOf("Reelsmith <hello@studio.example>")).toBe("hello@studio.example");
  expect(addressOf('"Reelsmith, the team" <hello@studio.example>')).toBe("hello@studio.example");
  expect(addressOf("hello@studio.example")).toBe("hello@studio.example");
  expect(addressOf(" hello@studio.example ")).toBe("hello@studio.example");
});
