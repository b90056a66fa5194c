import { describe, expect, it } from "vitest";
import { ownEntry } from "./own-entry";

describe("ownEntry", () => {
  const copy = { note: "Note added." } as Record<string, string>;

  it("finds the record's own keys", () => {
    expect(ownEntry(copy, "note")).toBe("Note added.");
    expect(ownEntry(copy, "nope")).toBeUndefined();
    expect(ownEntry(copy, null)).toBeUndefined();
  });

  it("never an inherited one", () => {
    for (const key of ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf"]) {
      expect(ownEntry(copy, key)).toBeUndefined();
    }
  });
});
