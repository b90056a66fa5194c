import { describe, expect, test } from "vitest";
import { filtersOn, parseInboxQuery } from "./inbox-query";

const on = (search: string) => filtersOn(parseInboxQuery(new URLSearchParams(search)));

describe("filtersOn: what narrows the list beyond its view", () => {
  test("the default inbox and every view alone: no filter on", () => {
    expect(on("")).toBe(0);
    for (const view of ["needs", "mine", "unassigned", "overdue"])
      expect(on(`view=${view}`)).toBe(0);
  });

  test("each filter counts once, the failed deliveries' link too", () => {
    expect(on("failed=1")).toBe(1);
    expect(on("status=new")).toBe(1);
    expect(on("spam=all")).toBe(1);
    expect(on("q=maya")).toBe(1);
    expect(on("status=new&plan=Creator&source=(direct)&reply=new&owner=me&due=today")).toBe(6);
  });

  test("a view's own owner and due are the view; another owner on a view is a filter", () => {
    expect(on("view=mine&owner=me")).toBe(0);
    expect(on("view=overdue&status=contacted")).toBe(1);
    expect(on("view=needs&owner=none")).toBe(0);
    expect(on("owner=none")).toBe(1);
  });

  test("a refused search is still a filter the member typed (the list shows it)", () => {
    expect(on("q=a%00b")).toBe(1);
  });
});
