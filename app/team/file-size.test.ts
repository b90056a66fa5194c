import { expect, it } from "vitest";
import { fileSize } from "./file-size";

it("writes sizes as people read them", () => {
  expect(fileSize(0)).toBe("0 B");
  expect(fileSize(840)).toBe("840 B");
  expect(fileSize(1024)).toBe("1 KB");
  expect(fileSize(12_700)).toBe("12 KB");
  expect(fileSize(3.4 * 1024 * 1024)).toBe("3.4 MB");
  expect(fileSize(10 * 1024 * 1024)).toBe("10 MB");
});
