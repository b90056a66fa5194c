import { describe, expect, it } from "vitest";
import { applicationIdIn } from "./application-reference.ts";

const id = "7d1f3a52-2c1e-4c0b-9a55-3f2f6c1d9e01";

describe("naming an application by its id or its page", () => {
  it("takes the id, in any case and with spaces around", () => {
    expect(applicationIdIn(id)).toBe(id);
    expect(applicationIdIn(`  ${id.toUpperCase()} `)).toBe(id);
  });

  it("takes the page's address or path", () => {
    expect(applicationIdIn(`https://reelsmith.example/team/applications/${id}`)).toBe(id);
    expect(applicationIdIn(`http://localhost:3000/team/applications/${id}/?done=note`)).toBe(id);
    expect(applicationIdIn(`/team/applications/${id}`)).toBe(id);
  });

  it("takes nothing else", () => {
    expect(applicationIdIn("")).toBeUndefined();
    expect(applicationIdIn("maya@example.com")).toBeUndefined();
    expect(applicationIdIn(`https://reelsmith.example/team/unmatched/${id}`)).toBeUndefined();
    expect(applicationIdIn(`${id}x`)).toBeUndefined();
    expect(applicationIdIn("/team/applications/not-an-id")).toBeUndefined();
  });
});
