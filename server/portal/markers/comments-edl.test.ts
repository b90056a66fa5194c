import { expect, it } from "vitest";
import { type FrameRate, rates, readTimecode } from "#app/shared/timecode.ts";
import { commentsEdl } from "./comments-edl.ts";
import { comments, version } from "./markers-fixture.ts";
import type { VersionComment } from "./version-comments.ts";

it("writes Resolve's marker EDL: a one-frame event per comment, then |C: |M: |D:, drop-frame at 29.97", () => {
  expect(commentsEdl(version, comments)).toBe(
    [
      "TITLE: Launch teaser v2",
      "FCM: DROP FRAME",
      "",
      "001  001      V     C        01:00:00;00 01:00:00;01 01:00:00;00 01:00:00;01",
      " |C:ResolveColorBlue |M:Mia Chen: Logo too early |D:1",
      "",
      "002  001      V     C        01:00:59;29 01:01:00;02 01:00:59;29 01:01:00;02",
      ` |C:ResolveColorBlue |M:Sam (team): =HYPERLINK("http://x","click") |D:2`,
      "",
      "003  001      V     C        01:09:59;29 01:10:00;00 01:09:59;29 01:10:00;00",
      " |C:ResolveColorGreen |M:Mia Chen: Music dips here |D:1",
      "",
      "004  001      V     C        01:10:00;00 01:10:00;01 01:10:00;00 01:10:00;01",
      " |C:ResolveColorBlue |M:_3rd reviewer: Flash / frame then <b>&' |D:3",
      "",
      "005  001      V     C        01:10:00;00 01:10:00;01 01:10:00;00 01:10:00;01",
      " |C:ResolveColorBlue |M:@Mia: +1 to the flash |D:1",
      "",
    ].join("\n"),
  );
});

/** An EDL read back by CMX 3600's rules: title, FCM, numbered event lines, marker comments. */
function readEdl(text: string, rate: FrameRate) {
  const lines = text.split("\n");
  expect(lines[0]).toMatch(/^TITLE: .{1,70}$/);
  expect(lines[1]).toMatch(/^FCM: (NON-)?DROP FRAME$/);
  const dropFrame = lines[1] === "FCM: DROP FRAME";
  const tc = dropFrame ? String.raw`\d{2}:\d{2}:\d{2};\d{2}` : String.raw`\d{2}:\d{2}:\d{2}:\d{2}`;
  const event = new RegExp(
    `^(\\d{3})  (\\S{1,8}) +(V|A|A2|AA|B|AA/V) +(C) +(${tc}) (${tc}) (${tc}) (${tc})$`,
  );
  const frame = (timecode: string) => {
    const reading = readTimecode(timecode, rate);
    if (!reading.ok) throw new Error(reading.message);
    return reading.frame;
  };
  const events: { number: number; recordIn: number; recordOut: number; marker: string }[] = [];
  for (let index = 2; index < lines.length; index++) {
    const line = lines[index]!;
    if (line === "" || line.startsWith("*")) continue;
    const match = event.exec(line);
    if (!match) throw new Error(`Not a CMX 3600 event line: ${line}`);
    const [, number, , , , sourceIn, sourceOut, recordIn, recordOut] = match;
    expect([sourceIn, sourceOut]).toEqual([recordIn, recordOut]);
    const marker = lines[++index]!;
    expect(marker).toMatch(/^ \|C:ResolveColor(Blue|Green) \|M:[^|]+ \|D:\d+$/);
    events.push({
      number: Number(number),
      recordIn: frame(recordIn!),
      recordOut: frame(recordOut!),
      marker,
    });
  }
  return { dropFrame, events };
}

it("reads back frame-exact at 29.97 drop-frame, across the first minute's and the 10-minute boundaries", () => {
  const start = 107_892; // 01:00:00;00
  const { dropFrame, events } = readEdl(commentsEdl(version, comments), version.rate);
  expect(dropFrame).toBe(true);
  expect(
    events.map((event) => [event.number, event.recordIn - start, event.recordOut - start]),
  ).toEqual([
    [1, 0, 1],
    [2, 1799, 1800],
    [3, 17_981, 17_982],
    [4, 17_982, 17_983],
    [5, 17_982, 17_983],
  ]);
});

it("is exact for a comment at any frame of a 20-minute drop-frame version", () => {
  const frames = Array.from({ length: 999 }, (_, index) => (index * 36_007) % version.frames);
  frames.push(1800, 17_982, 35_963);
  const many: VersionComment[] = frames.map((frame, index) => ({
    ...comments[0]!,
    id: `m${String(index).padStart(4, "0")}`,
    frame,
    createdAt: index,
  }));
  const { events } = readEdl(commentsEdl(version, many.slice(0, 999)), version.rate);
  expect(events.map((event) => event.recordIn - 107_892)).toEqual(
    [...many.slice(0, 999)]
      .sort((a, b) => a.frame - b.frame || a.createdAt - b.createdAt)
      .map((c) => c.frame),
  );
});

it("writes non-drop-frame at 25 fps, from the start asked for", () => {
  const at25 = { ...version, rate: rates["25"], frames: 25 * 60 };
  const edl = commentsEdl(at25, [{ ...comments[0]!, frame: 26, outFrame: 49 }], {
    start: "00:00:00:00",
  });
  expect(edl).toContain("FCM: NON-DROP FRAME");
  expect(edl).toContain(
    "001  001      V     C        00:00:01:01 00:00:01:02 00:00:01:01 00:00:01:02",
  );
  expect(edl).toContain("|D:24");
  expect(readEdl(edl, at25.rate).events[0]).toMatchObject({ recordIn: 26, recordOut: 27 });
});

it("holds 999 events and says how many comments it left out", () => {
  const many = Array.from({ length: 1001 }, (_, index) => ({
    ...comments[0]!,
    id: `m${index}`,
    frame: index,
  }));
  const edl = commentsEdl(version, many);
  const { events } = readEdl(edl, version.rate);
  expect(events).toHaveLength(999);
  expect(events.at(-1)?.number).toBe(999);
  expect(edl).toContain(
    "* 2 more comments are not in this EDL (it holds 999): see the CSV export.\n",
  );
});

it("cuts a long title to CMX 3600's 70 characters, never inside a character", () => {
  const title = `${"é".repeat(60)}🎬🎬🎬🎬🎬🎬🎬🎬🎬🎬🎬`;
  const [line] = commentsEdl({ ...version, title }, []).split("\n");
  expect(line).toBe(`TITLE: ${"é".repeat(60)}${"🎬".repeat(10)}`);
  expect(line?.isWellFormed()).toBe(true);
});
