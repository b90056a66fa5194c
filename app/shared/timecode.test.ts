import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type FrameRate,
  frameAtSeconds,
  frameSeekSeconds,
  frameStartSeconds,
  frameToTimecode,
  lastFrameOf,
  nominalFps,
  parseFrameRate,
  rates,
  readTimecode,
  usesDropFrame,
} from "./timecode.ts";

const allRates = Object.entries(rates) as [string, FrameRate][];
const framesInAnHour = (rate: FrameRate) => Math.ceil((3600 * rate.num) / rate.den);

describe("frame rates", () => {
  it("reads the media job's stored rates, reduced, and refuses anything else", () => {
    expect(parseFrameRate("30000/1001")).toEqual({ num: 30000, den: 1001 });
    expect(parseFrameRate("50/2")).toEqual({ num: 25, den: 1 });
    expect(parseFrameRate("24")).toEqual({ num: 24, den: 1 });
    for (const bad of ["", "0/1", "30/0", "-25", "29.97", "1/0", "abc", "5000/1", "25/1/1"])
      expect(parseFrameRate(bad), bad).toBeNull();
  });

  it("counts 24, 30 and 60 frames a timecode second at 23.976, 29.97 and 59.94", () => {
    const counted = Object.fromEntries(
      allRates.map(([name, rate]) => [name, [nominalFps(rate), usesDropFrame(rate)]]),
    );
    expect(counted).toEqual({
      "23.976": [24, false],
      "24": [24, false],
      "25": [25, false],
      "29.97": [30, true],
      "30": [30, false],
      "50": [50, false],
      "59.94": [60, true],
      "60": [60, false],
    });
  });
});

describe("timecodes", () => {
  it("writes non-drop-frame HH:MM:SS:FF", () => {
    expect(frameToTimecode(0, rates["25"])).toBe("00:00:00:00");
    expect(frameToTimecode(24, rates["25"])).toBe("00:00:00:24");
    expect(frameToTimecode(25, rates["25"])).toBe("00:00:01:00");
    expect(frameToTimecode(90_000, rates["25"])).toBe("01:00:00:00");
    // 23.976 counts 24 frames a timecode second: an hour of labels is 1.001 h of video.
    expect(frameToTimecode(86_400, rates["23.976"])).toBe("01:00:00:00");
    // 29.97 in non-drop-frame, asked for: the labels drift from the clock.
    expect(frameToTimecode(17_982, rates["29.97"], { dropFrame: false })).toBe("00:09:59:12");
  });

  it("writes drop-frame at 29.97 and 59.94 as SMPTE does: labels skipped each minute but the tenth", () => {
    const df = rates["29.97"];
    expect(frameToTimecode(1799, df)).toBe("00:00:59;29");
    expect(frameToTimecode(1800, df)).toBe("00:01:00;02");
    expect(frameToTimecode(3597, df)).toBe("00:01:59;29");
    expect(frameToTimecode(3598, df)).toBe("00:02:00;02");
    expect(frameToTimecode(17_981, df)).toBe("00:09:59;29");
    expect(frameToTimecode(17_982, df)).toBe("00:10:00;00");
    expect(frameToTimecode(17_983, df)).toBe("00:10:00;01");
    expect(frameToTimecode(19_782, df)).toBe("00:11:00;02");
    expect(frameToTimecode(107_892, df)).toBe("01:00:00;00");
    const df60 = rates["59.94"];
    expect(frameToTimecode(3599, df60)).toBe("00:00:59;59");
    expect(frameToTimecode(3600, df60)).toBe("00:01:00;04");
    expect(frameToTimecode(35_964, df60)).toBe("00:10:00;00");
    expect(frameToTimecode(215_784, df60)).toBe("01:00:00;00");
  });

  it("has no drop-frame at other rates", () => {
    expect(() => frameToTimecode(0, rates["25"], { dropFrame: true })).toThrow(/25 fps/);
    expect(() => frameToTimecode(-1, rates["25"])).toThrow(RangeError);
    expect(() => frameToTimecode(1.5, rates["25"])).toThrow(RangeError);
  });

  it("labels every frame of an hour, at every rate, as a counter would (one more each frame, labels skipped only where SMPTE skips them)", () => {
    for (const [name, rate] of allRates) {
      const fps = nominalFps(rate);
      const dropped = usesDropFrame(rate) ? (fps === 30 ? 2 : 4) : 0;
      let [h, m, s, f] = [0, 0, 0, 0];
      for (let frame = 0; frame < framesInAnHour(rate); frame++) {
        const expected = `${pad(h)}:${pad(m)}:${pad(s)}${dropped ? ";" : ":"}${pad(f)}`;
        const label = frameToTimecode(frame, rate);
        if (label !== expected) expect(`${name} frame ${frame}: ${label}`).toBe(expected);
        f += 1;
        if (f === fps) [f, s] = [0, s + 1];
        if (s === 60) [s, m] = [0, m + 1];
        if (m === 60) [m, h] = [0, h + 1];
        if (dropped && s === 0 && f === 0 && m % 10 !== 0) f = dropped;
      }
    }
  });

  it("reads back every label it writes: frame -> timecode -> frame for every frame of an hour at every rate", () => {
    for (const [name, rate] of allRates) {
      for (let frame = 0; frame < framesInAnHour(rate); frame++) {
        const reading = readTimecode(frameToTimecode(frame, rate), rate);
        if (!reading.ok || reading.frame !== frame)
          expect({ name, frame, reading }).toEqual({ name, frame, reading: { ok: true, frame } });
      }
    }
  });

  it("reads typed timecodes with a clear sentence for each mistake", () => {
    const df = rates["29.97"];
    expect(readTimecode(" 0:01:00;02 ", df)).toEqual({ ok: true, frame: 1800 });
    // Colons typed at 29.97 read in the video's own style (drop-frame), as the player shows it.
    expect(readTimecode("00:10:00:00", df)).toEqual({ ok: true, frame: 17_982 });
    expect(readTimecode("00:10:00:00", df, { dropFrame: false })).toEqual({
      ok: true,
      frame: 18_000,
    });
    expect(readTimecode("00;00;01;00", df)).toEqual({ ok: true, frame: 30 });
    expect(readTimecode("1:2:3", rates["25"])).toEqual({
      ok: false,
      message: "Type a timecode as HH:MM:SS:FF, for example 00:00:00:00.",
    });
    expect(readTimecode("12.5 s", df)).toEqual({
      ok: false,
      message: "Type a timecode as HH:MM:SS:FF, for example 00:00:00;00.",
    });
    expect(readTimecode("00:60:00:00", rates["25"])).toEqual({
      ok: false,
      message: "Minutes and seconds go up to 59.",
    });
    expect(readTimecode("00:00:01:25", rates["25"])).toEqual({
      ok: false,
      message: "At 25 fps the frames of a second go from 00 to 24.",
    });
    expect(readTimecode("00:00:01;00", rates["25"])).toEqual({
      ok: false,
      message:
        "Drop-frame timecode (with ;) exists only at 29.97 and 59.94 fps; this video is 25 fps: use HH:MM:SS:FF.",
    });
    expect(readTimecode("00:01:00;01", df)).toEqual({
      ok: false,
      message:
        "00:01:00;01 does not exist in drop-frame timecode: frames 00 and 01 are skipped at the start of each minute, except every tenth minute.",
    });
    expect(readTimecode("00:01:00;03", rates["59.94"])).toMatchObject({
      ok: false,
      message: expect.stringContaining("frames 00 to 03 are skipped"),
    });
    expect(readTimecode("00:10:00;00", df)).toEqual({ ok: true, frame: 17_982 });
    const last = lastFrameOf(10_000, df); // 10 s at 29.97: 300 frames, the last is 299
    expect(last).toBe(299);
    expect(readTimecode("00:00:09;29", df, { lastFrame: last })).toEqual({ ok: true, frame: 299 });
    expect(readTimecode("00:00:10;00", df, { lastFrame: last })).toEqual({
      ok: false,
      message: "The video ends at 00:00:09;29.",
    });
  });

  it("never throws on anything typed", () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(...allRates), (typed, [, rate]) => {
        const reading = readTimecode(typed, rate);
        return reading.ok ? Number.isSafeInteger(reading.frame) : reading.message.length > 0;
      }),
    );
  });
});

describe("seeking to a frame and reading the frame back", () => {
  it("seeks to the middle of the frame, not its start", () => {
    expect(frameStartSeconds(1, rates["25"])).toBe(0.04);
    expect(frameSeekSeconds(1, rates["25"])).toBe(0.06);
    expect(frameSeekSeconds(0, rates["29.97"])).toBeCloseTo(1001 / 60_000, 12);
  });

  it("finds every frame of an hour at its seek time, at every rate, even with currentTime rounded to the microsecond or the millisecond", () => {
    for (const [name, rate] of allRates) {
      for (let frame = 0; frame < framesInAnHour(rate); frame++) {
        const seek = frameSeekSeconds(frame, rate);
        const readings = [
          frameAtSeconds(seek, rate),
          frameAtSeconds(Math.round(seek * 1e6) / 1e6, rate),
          frameAtSeconds(Math.round(seek * 1e3) / 1e3, rate),
        ];
        if (readings.some((reading) => reading !== frame))
          expect({ name, frame, readings }).toEqual({
            name,
            frame,
            readings: [frame, frame, frame],
          });
      }
    }
  });

  it("reads a frame's start, even a microsecond early, as that frame (floor with an epsilon)", () => {
    for (const [, rate] of allRates) {
      for (const frame of [1, 2, 1799, 1800, 17_982, 107_892]) {
        const start = frameStartSeconds(frame, rate);
        expect(frameAtSeconds(start, rate)).toBe(frame);
        expect(frameAtSeconds(start - 0.5e-6, rate)).toBe(frame);
        expect(frameAtSeconds(Math.floor(start * 1e6) / 1e6, rate)).toBe(frame);
        // Just before the next frame is still this one: floor, never round.
        expect(frameAtSeconds(frameStartSeconds(frame + 1, rate) - 1e-4, rate)).toBe(frame);
      }
    }
    expect(frameAtSeconds(-1, rates["25"])).toBe(0);
    expect(frameAtSeconds(Number.NaN, rates["25"])).toBe(0);
  });

  it("holds for any time of any rate: the frame at a time, sought again, is the same frame", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 4 * 3600, noNaN: true }),
        fc.constantFrom(...allRates),
        (seconds, [, rate]) => {
          const frame = frameAtSeconds(seconds, rate);
          return frameAtSeconds(frameSeekSeconds(frame, rate), rate) === frame;
        },
      ),
    );
  });
});

function pad(value: number): string {
  return String(value).padStart(2, "0");
}
