import { describe, expect, it } from "vitest";
import { backTo } from "./team.availability";

describe("where Away / Available goes back to", () => {
  it("the team page it was sent from, with its filters", () => {
    expect(backTo("/team")).toBe("/team");
    expect(backTo("/team/response")).toBe("/team/response");
    expect(backTo("/team?owner=me&due=overdue")).toBe("/team?owner=me&due=overdue");
    expect(backTo("/team/applications/7d1f3a52-2c1e-4c0b-9a55-3f2f6c1d9e01?done=take")).toBe(
      "/team/applications/7d1f3a52-2c1e-4c0b-9a55-3f2f6c1d9e01?done=take",
    );
  });

  it("never another site, another part of this one, or a trick path: the inbox instead", () => {
    for (const back of [
      null,
      "",
      "https://evil.example/team",
      "//evil.example/team",
      "/\\evil.example",
      "/teamx",
      "/",
      "/onboarding",
      "/team/../onboarding",
      "/team/%2e%2e/x",
      "/team\r\nSet-Cookie: x=1",
      "javascript:alert(1)",
    ]) {
      expect(backTo(back), String(back)).toBe("/team");
    }
  });
});
