import { describe, expect, test } from "vitest";
import { isTyping, rowAfter } from "./inbox-keys";

describe("rowAfter: j and k", () => {
  const rows = ["a", "b", "c"];
  test("from no row, j takes the first and k the last", () => {
    expect(rowAfter(rows, undefined, 1)).toBe("a");
    expect(rowAfter(rows, undefined, -1)).toBe("c");
  });
  test("moves one row and stops at either end", () => {
    expect(rowAfter(rows, "a", 1)).toBe("b");
    expect(rowAfter(rows, "b", -1)).toBe("a");
    expect(rowAfter(rows, "c", 1)).toBe("c");
    expect(rowAfter(rows, "a", -1)).toBe("a");
  });
  test("no rows: nothing", () => {
    expect(rowAfter([], undefined, 1)).toBeUndefined();
  });
});

describe("isTyping: shortcuts never fire in a field", () => {
  test("inputs, text areas, selects and editable text are typing; links and the page are not", () => {
    document.body.innerHTML = `
      <input id="i"><textarea id="t"></textarea><select id="s"><option>x</option></select>
      <div contenteditable="true"><span id="e">x</span></div><a id="a" href="/">x</a>`;
    for (const id of ["i", "t", "s", "e"]) expect(isTyping(document.getElementById(id))).toBe(true);
    expect(isTyping(document.getElementById("a"))).toBe(false);
    expect(isTyping(document.body)).toBe(false);
    expect(isTyping(null)).toBe(false);
  });
});
