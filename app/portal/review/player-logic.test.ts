import { describe, expect, it } from "vitest";
import { parseFrameRate, rates } from "~/shared/timecode";
import {
  clampFrame,
  commentRange,
  frameAt,
  isTypingTarget,
  keyAction,
  lastFrameFor,
  markerPosition,
  nextPlaybackRate,
  rangeTimecodes,
  seekFrameOf,
  seekTime,
} from "./player-logic";

describe("keys", () => {
  it("space, J/K/L, the arrows, I, O and C each do their one thing", () => {
    expect(keyAction({ key: " " }, 25)).toEqual({ kind: "toggle" });
    expect(keyAction({ key: "k" }, 25)).toEqual({ kind: "pause" });
    expect(keyAction({ key: "L" }, 25)).toEqual({ kind: "play" });
    expect(keyAction({ key: "j" }, 25)).toEqual({ kind: "step", frames: -25 });
    expect(keyAction({ key: "j" }, 30)).toEqual({ kind: "step", frames: -30 });
    expect(keyAction({ key: "ArrowLeft" }, 25)).toEqual({ kind: "step", frames: -1 });
    expect(keyAction({ key: "ArrowRight" }, 25)).toEqual({ kind: "step", frames: 1 });
    expect(keyAction({ key: "ArrowRight", shiftKey: true }, 24)).toEqual({
      kind: "step",
      frames: 24,
    });
    expect(keyAction({ key: "i" }, 25)).toEqual({ kind: "markIn" });
    expect(keyAction({ key: "O" }, 25)).toEqual({ kind: "markOut" });
    expect(keyAction({ key: "c" }, 25)).toEqual({ kind: "comment" });
  });

  it("leaves other keys, and any key with Ctrl, Cmd or Alt, to the browser", () => {
    expect(keyAction({ key: "x" }, 25)).toBeNull();
    expect(keyAction({ key: "Tab" }, 25)).toBeNull();
    expect(keyAction({ key: "c", ctrlKey: true }, 25)).toBeNull();
    expect(keyAction({ key: "l", metaKey: true }, 25)).toBeNull();
    expect(keyAction({ key: "ArrowLeft", altKey: true }, 25)).toBeNull();
  });

  it("counts text fields as typing, and a slider or a button as not", () => {
    expect(isTypingTarget({ tagName: "TEXTAREA" })).toBe(true);
    expect(isTypingTarget({ tagName: "INPUT", type: "text" })).toBe(true);
    expect(isTypingTarget({ tagName: "INPUT", type: "" })).toBe(true);
    expect(isTypingTarget({ tagName: "SELECT" })).toBe(true);
    expect(isTypingTarget({ tagName: "DIV", isContentEditable: true })).toBe(true);
    expect(isTypingTarget({ tagName: "INPUT", type: "range" })).toBe(false);
    expect(isTypingTarget({ tagName: "BUTTON" })).toBe(false);
    expect(isTypingTarget({ tagName: "DIV" })).toBe(false);
  });

  it("L starts at normal speed and, while playing, goes 2× then 4× and stays there", () => {
    expect(nextPlaybackRate(false, 4)).toBe(1);
    expect(nextPlaybackRate(true, 1)).toBe(2);
    expect(nextPlaybackRate(true, 2)).toBe(4);
    expect(nextPlaybackRate(true, 4)).toBe(4);
  });
});

describe("frames and times", () => {
  const all = Object.values(rates);

  it("seeks to each frame's middle and reads that frame back, at every rate, to the last", () => {
    for (const rate of all) {
      const last = lastFrameFor(4000, rate);
      for (const frame of [0, 1, 2, 23, 24, 29, 30, last - 1, last]) {
        const t = seekTime(frame, rate, last);
        expect(t).toBeGreaterThanOrEqual((frame * rate.den) / rate.num);
        expect(t).toBeLessThan(((frame + 1) * rate.den) / rate.num);
        expect(frameAt(t, rate, last)).toBe(frame);
        // currentTime as a browser may round it, to the microsecond.
        expect(frameAt(Math.round(t * 1e6) / 1e6, rate, last)).toBe(frame);
      }
    }
  });

  it("keeps a step or a seek within the video", () => {
    const rate = rates["25"];
    expect(clampFrame(-3, 99)).toBe(0);
    expect(clampFrame(150, 99)).toBe(99);
    expect(seekTime(150, rate, 99)).toBe(seekTime(99, rate, 99));
    expect(frameAt(100, rate, 99)).toBe(99);
    expect(frameAt(Number.NaN, rate, 99)).toBe(0);
  });

  it("takes the last frame from the stored duration, or the browser's when it is shorter", () => {
    const ntsc = parseFrameRate("30000/1001");
    if (!ntsc) throw new Error("rate");
    expect(lastFrameFor(2002, ntsc)).toBe(59);
    expect(lastFrameFor(3000, rates["24"])).toBe(71);
    expect(lastFrameFor(3000, rates["24"], 2.958)).toBe(70);
    expect(lastFrameFor(3000, rates["24"], 3.5)).toBe(71);
    expect(lastFrameFor(3000, rates["24"], Number.NaN)).toBe(71);
    expect(lastFrameFor(null, rates["24"], 2)).toBe(47);
    expect(lastFrameFor(null, rates["24"])).toBe(0);
  });
});

describe("the comment's range", () => {
  it("is the current frame with no marks", () => {
    expect(commentRange(40, null, null)).toEqual({ frameIn: 40, frameOut: null });
  });

  it("is the marked range, in order, with both marks", () => {
    expect(commentRange(99, 10, 20)).toEqual({ frameIn: 10, frameOut: 20 });
    expect(commentRange(99, 20, 10)).toEqual({ frameIn: 10, frameOut: 20 });
    expect(commentRange(99, 12, 12)).toEqual({ frameIn: 12, frameOut: null });
  });

  it("runs from one mark to the current frame when only one is set and the frame is beyond it", () => {
    expect(commentRange(30, 10, null)).toEqual({ frameIn: 10, frameOut: 30 });
    expect(commentRange(5, 10, null)).toEqual({ frameIn: 5, frameOut: null });
    expect(commentRange(5, null, 10)).toEqual({ frameIn: 5, frameOut: 10 });
    expect(commentRange(15, null, 10)).toEqual({ frameIn: 15, frameOut: null });
  });

  it("is written as the form's timecodes, drop-frame at 29.97", () => {
    expect(rangeTimecodes({ frameIn: 1800, frameOut: null }, rates["29.97"])).toEqual({
      frameIn: "00:01:00;02",
      frameOut: "",
    });
    expect(rangeTimecodes({ frameIn: 24, frameOut: 49 }, rates["24"])).toEqual({
      frameIn: "00:00:01:00",
      frameOut: "00:00:02:01",
    });
  });
});

describe("markers on the timeline", () => {
  it("puts a point one frame wide at its frame's start", () => {
    expect(markerPosition(0, null, 99)).toEqual({ left: 0, width: 1 });
    expect(markerPosition(50, null, 99)).toEqual({ left: 50, width: 1 });
    expect(markerPosition(99, null, 99)).toEqual({ left: 99, width: 1 });
  });

  it("spans a range from its first frame's start to its last frame's end, in order", () => {
    expect(markerPosition(10, 19, 99)).toEqual({ left: 10, width: 10 });
    expect(markerPosition(19, 10, 99)).toEqual({ left: 10, width: 10 });
  });

  it("keeps frames past the end at the end", () => {
    expect(markerPosition(120, 130, 99)).toEqual({ left: 99, width: 1 });
    expect(markerPosition(90, 130, 99)).toEqual({ left: 90, width: 10 });
  });
});

describe("data-seek-frame", () => {
  it("reads a frame number and nothing else", () => {
    expect(seekFrameOf("0")).toBe(0);
    expect(seekFrameOf(" 1234 ")).toBe(1234);
    expect(seekFrameOf("-1")).toBeNull();
    expect(seekFrameOf("1.5")).toBeNull();
    expect(seekFrameOf("")).toBeNull();
    expect(seekFrameOf(null)).toBeNull();
  });
});
