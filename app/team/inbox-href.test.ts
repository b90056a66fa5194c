import { expect, test } from "vitest";
import { inboxHref } from "./inbox-href";

test("back to the inbox with its view, filters and page; the page's own parameters left", () => {
  const before = "w1764300000000_0b6f2a8e-3c1d-4f5e-9a7b-1c2d3e4f5a6b";
  expect(inboxHref(`?view=mine&plan=Creator&q=maya&before=${before}&done=note&earlier=x`)).toBe(
    `/team?view=mine&plan=Creator&q=maya&before=${before}`,
  );
});

test("nothing carried: the inbox as it opens", () => {
  expect(inboxHref("")).toBe("/team");
  expect(inboxHref("?done=reply")).toBe("/team");
});

test("a failed-deliveries inbox stays one", () => {
  expect(inboxHref("?spam=all&failed=1")).toBe("/team?spam=all&failed=1");
});
