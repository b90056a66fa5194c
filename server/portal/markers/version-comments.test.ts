import { expect, it } from "vitest";
import { comments, version } from "./markers-fixture.ts";
import { inTimelineOrder, markedFrames, singleLine } from "./version-comments.ts";

it("orders comments by frame, then by when they were written", () => {
  expect(inTimelineOrder(version, comments).map((comment) => comment.id)).toEqual([
    "c1",
    "c2",
    "c3",
    "c4",
    "c5",
  ]);
  expect(comments.map(markedFrames)).toEqual([1, 1, 2, 1, 3]);
});

it("refuses a comment outside the version rather than export it somewhere else", () => {
  const last = version.frames - 1;
  const base = comments[0]!;
  expect(inTimelineOrder(version, [{ ...base, frame: last }])).toHaveLength(1);
  for (const wrong of [
    { frame: -1, outFrame: null },
    { frame: last + 1, outFrame: null },
    { frame: 10, outFrame: 9 },
    { frame: 10, outFrame: last + 1 },
    { frame: 1.5, outFrame: null },
  ])
    expect(() => inTimelineOrder(version, [{ ...base, ...wrong }])).toThrow(RangeError);
});

it("puts text on one line", () => {
  expect(singleLine(" a\r\n\tb\u2028c\u0000  d ")).toBe("a b c d");
});
