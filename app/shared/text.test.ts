import { describe, expect, test } from "vitest";
import {
  fill,
  forbiddenCharacters,
  hasFormattingCharacters,
  oneLine,
  printable,
  withoutBidiControls,
  withoutFormattingCharacters,
} from "./text.ts";

describe("fill", () => {
  test("fills known placeholders and leaves unknown ones as written", () => {
    expect(fill("Thank you, {name}! ({plan})", { name: "Maya" })).toBe("Thank you, Maya! ({plan})");
  });

  test("writes numbers as they are, and never fills what a value brought in", () => {
    expect(fill("{count} new, {none} failed", { count: 0, none: "{count}" })).toBe(
      "0 new, {count} failed",
    );
  });
});

describe("oneLine", () => {
  test("turns line breaks, tabs and escapes into spaces, and trims", () => {
    expect(oneLine(" Maya\r\nBcc: x@example.com\t\u001b\u2028Lopez ")).toBe(
      "Maya Bcc: x@example.com Lopez",
    );
  });
});

describe("printable", () => {
  test("turns C0, DEL and C1 controls into spaces, keeps the rest", () => {
    expect(printable("a\u001b[31mb\u007f\u0085c é 🎬")).toBe("a [31mb c é 🎬");
  });
});

describe("forbiddenCharacters", () => {
  test("finds controls and lone surrogates, not tabs, line breaks or emoji", () => {
    for (const bad of ["\u0000", "\u000b", "\u007f", "\u009f", "\ud800x", "x\udc00"]) {
      expect(forbiddenCharacters.test(`a${bad}b`)).toBe(true);
    }
    expect(forbiddenCharacters.test("line\r\nnext\ttab 🎬")).toBe(false);
  });
});

describe("withoutFormattingCharacters", () => {
  test("takes out what the questionnaire refuses as formatting, and keeps emoji whole", () => {
    const spoof = "Maya\u202e <ceo@bank.example>";
    expect(withoutFormattingCharacters(spoof)).toBe("Maya <ceo@bank.example>");
    const all = "a\u200bb\u200cc\u200dd\u200ee\u200ff\u202ag\u202eh\u2066i\u2069j\ufeffk";
    expect(withoutFormattingCharacters(all)).toBe("abcdefghijk");
    expect(withoutFormattingCharacters("chef 👩‍🍳, family 👨‍👩‍👧, ok 👍🏽")).toBe(
      "chef 👩‍🍳, family 👨‍👩‍👧, ok 👍🏽",
    );
    for (const value of [spoof, all, "x\u200d👩‍🍳\u200d"]) {
      expect(hasFormattingCharacters(withoutFormattingCharacters(value))).toBe(false);
    }
  });

  test("withoutBidiControls takes out the reordering controls only", () => {
    expect(withoutBidiControls("a\u202eb\u2067c\u200cd\u200fe")).toBe("abc\u200cd\u200fe");
  });
});
