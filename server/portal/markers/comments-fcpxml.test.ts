import { readFile } from "node:fs/promises";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { expect, it } from "vitest";
import { type FrameRate, rates } from "#app/shared/timecode.ts";
import { commentsFcpxml, rationalSeconds } from "./comments-fcpxml.ts";
import { comments, version } from "./markers-fixture.ts";
import type { VersionComment } from "./version-comments.ts";

const options = { mediaSrc: "launch-teaser-v2.mp4", width: 1080, height: 1920 };

it("writes FCPXML 1.10: the version as an asset clip, a to-do marker per comment, exact rational times", async () => {
  const expected = await readFile(new URL("./launch-teaser-v2.fcpxml", import.meta.url), "utf8");
  expect(commentsFcpxml(version, comments, options)).toBe(expected);
});

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  isArray: (name) => name === "marker",
});

interface Parsed {
  fcpxml: {
    version: string;
    resources: { format: { frameDuration: string }; asset: { duration: string } };
    event: {
      project: {
        sequence: {
          tcFormat: string;
          spine: { "asset-clip": { ref: string; marker: Record<string, string>[] } };
        };
      };
    };
  };
}

/** `N/Ds` (or `0s`) as the frames it is at `rate`, refusing a time between two frames. */
function framesOf(time: string, rate: FrameRate): number {
  if (time === "0s") return 0;
  const match = /^(\d+)\/(\d+)s$/.exec(time);
  if (!match) throw new Error(`Not a rational time: ${time}`);
  const [numerator, denominator] = [BigInt(match[1]!), BigInt(match[2]!)];
  const perFrame = BigInt(rate.den) * denominator;
  const scaled = numerator * BigInt(rate.num);
  if (scaled % perFrame !== 0n)
    throw new Error(`${time} is not on a frame at ${rate.num}/${rate.den}`);
  return Number(scaled / perFrame);
}

function readBack(text: string, rate: FrameRate) {
  expect(XMLValidator.validate(text)).toBe(true);
  const parsed = parser.parse(text) as Parsed;
  const clip = parsed.fcpxml.event.project.sequence.spine["asset-clip"];
  return {
    version: parsed.fcpxml.version,
    tcFormat: parsed.fcpxml.event.project.sequence.tcFormat,
    frameDuration: parsed.fcpxml.resources.format.frameDuration,
    frames: framesOf(parsed.fcpxml.resources.asset.duration, rate),
    ref: clip.ref,
    markers: clip.marker.map((marker) => ({
      frame: framesOf(marker.start!, rate),
      length: framesOf(marker.duration!, rate),
      value: marker.value,
      completed: marker.completed,
    })),
  };
}

it("parses back, well-formed, every marker on the frame of its comment at 29.97 drop-frame", () => {
  expect(readBack(commentsFcpxml(version, comments, options), version.rate)).toEqual({
    version: "1.10",
    tcFormat: "DF",
    frameDuration: "1001/30000s",
    frames: 35_964,
    ref: "r2",
    markers: [
      { frame: 0, length: 1, value: "Mia Chen: Logo too early", completed: "0" },
      {
        frame: 1799,
        length: 2,
        value: `Sam (team): =HYPERLINK("http://x","click")`,
        completed: "0",
      },
      { frame: 17_981, length: 1, value: "Mia Chen: Music dips here", completed: "1" },
      { frame: 17_982, length: 3, value: "3rd reviewer: Flash | frame then <b>&'", completed: "0" },
      { frame: 17_982, length: 1, value: "@Mia: +1 to the flash", completed: "0" },
    ],
  });
});

it("is exact at every rate for frames an hour in, and writes NDF where there is no drop-frame", () => {
  for (const rate of Object.values(rates) as FrameRate[]) {
    const frames = Math.ceil((3600 * rate.num) / rate.den) + 10;
    const at = [0, 1, frames - 2, frames - 1];
    const some: VersionComment[] = at.map((frame, index) => ({
      ...comments[0]!,
      id: `x${index}`,
      frame,
      createdAt: index,
    }));
    const back = readBack(commentsFcpxml({ ...version, rate, frames }, some, options), rate);
    expect(back.markers.map((marker) => marker.frame)).toEqual(at);
    expect(back.frames).toBe(frames);
    expect(back.tcFormat).toBe(rate.num === 30_000 || rate.num === 60_000 ? "DF" : "NDF");
  }
  expect(rationalSeconds(50, rates["25"])).toBe("50/25s");
  expect(rationalSeconds(1, rates["23.976"])).toBe("1001/24000s");
});

it("keeps hostile text inside its attribute", () => {
  const text = `"/><marker start="0s" value="x"/>\u0001\ud800 & ]]>`;
  const back = readBack(
    commentsFcpxml(version, [{ ...comments[0]!, frame: 0, text }], { mediaSrc: `a"b<c>.mp4` }),
    version.rate,
  );
  expect(back.markers).toEqual([
    {
      frame: 0,
      length: 1,
      value: `Mia Chen: "/><marker start="0s" value="x"/>  & ]]>`,
      completed: "1",
    },
  ]);
});
