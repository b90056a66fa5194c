import { expect, it } from "vitest";
import { printable } from "#app/shared/text.ts";
import { table } from "./table.ts";

it("keeps terminal control sequences out of tables", () => {
  expect(printable("Eve\u001b[31mRED\r\nX")).toBe("Eve [31mRED X");
  const text = table(["A", "B"], [["1", "x".repeat(50)]], 10);
  expect(text).toBe(`A  B\n-  ----------\n1  xxxxxxxxx…\n`);
});
