import {
  type FrameRate,
  frameAtSeconds,
  frameSeekSeconds,
  frameToTimecode,
  lastFrameOf,
} from "~/shared/timecode";

/**
 * The review player's pure parts (decision 0092): which key does what, the frame a step or a
 * seek goes to and the time it seeks to (the frame's middle), the range `c` writes into the
 * comment form, and where a comment's marker sits on the timeline.
 */

export type PlayerAction =
  | { kind: "toggle" }
  | { kind: "pause" }
  | { kind: "play" }
  | { kind: "step"; frames: number }
  | { kind: "markIn" }
  | { kind: "markOut" }
  | { kind: "comment" };

export interface KeyPress {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  shiftKey?: boolean;
}

/**
 * What a key pressed in the player does, or null (the key is left to the browser). `fps` is the
 * rate's timecode frames a second: J steps back one second of them (browsers do not play
 * backwards), Shift with an arrow one second too. Keys with Ctrl, Cmd or Alt are never taken.
 */
export function keyAction(press: KeyPress, fps: number): PlayerAction | null {
  if (press.ctrlKey || press.metaKey || press.altKey) return null;
  switch (press.key) {
    case " ":
    case "Spacebar":
      return { kind: "toggle" };
    case "k":
    case "K":
      return { kind: "pause" };
    case "l":
    case "L":
      return { kind: "play" };
    case "j":
    case "J":
      return { kind: "step", frames: -fps };
    case "ArrowLeft":
      return { kind: "step", frames: press.shiftKey ? -fps : -1 };
    case "ArrowRight":
      return { kind: "step", frames: press.shiftKey ? fps : 1 };
    case "i":
    case "I":
      return { kind: "markIn" };
    case "o":
    case "O":
      return { kind: "markOut" };
    case "c":
    case "C":
      return { kind: "comment" };
    default:
      return null;
  }
}

/** Whether a key's target is somewhere a person types (the player's keys then stay out). */
export function isTypingTarget(target: {
  tagName?: string;
  isContentEditable?: boolean;
  type?: string;
}): boolean {
  const tag = (target.tagName ?? "").toUpperCase();
  if (target.isContentEditable) return true;
  if (tag === "TEXTAREA" || tag === "SELECT") return true;
  if (tag !== "INPUT") return false;
  // A slider, a checkbox or a button among inputs takes no text.
  return !["range", "checkbox", "radio", "button", "submit", "reset"].includes(target.type ?? "");
}

/** The playback rates L steps through while playing; the last one stays. */
export const playbackRates = [1, 2, 4] as const;

/** The playback rate after L: 1 when paused, the next one up while playing. */
export function nextPlaybackRate(playing: boolean, current: number): number {
  if (!playing) return 1;
  return playbackRates.find((rate) => rate > current) ?? 4;
}

/** A frame kept within the video: 0 to its last frame. */
export function clampFrame(frame: number, lastFrame: number): number {
  return Math.min(Math.max(0, Math.round(frame)), Math.max(0, lastFrame));
}

/** The time a seek to frame `frame` sets: its middle, kept within the video. */
export function seekTime(frame: number, rate: FrameRate, lastFrame: number): number {
  return frameSeekSeconds(clampFrame(frame, lastFrame), rate);
}

/** The frame shown at `seconds` (currentTime, or rVFC's mediaTime), kept within the video. */
export function frameAt(seconds: number, rate: FrameRate, lastFrame: number): number {
  return clampFrame(frameAtSeconds(seconds, rate), lastFrame);
}

/**
 * The video's last frame: from the stored duration, and no later than the one the browser's own
 * duration ends with when it knows it (a preview can be a frame shorter than the original);
 * from the browser's alone when none is stored, 0 while neither is known.
 */
export function lastFrameFor(
  durationMs: number | null,
  rate: FrameRate,
  mediaDurationSeconds?: number,
): number {
  const media =
    mediaDurationSeconds !== undefined &&
    Number.isFinite(mediaDurationSeconds) &&
    mediaDurationSeconds > 0
      ? lastFrameOf(mediaDurationSeconds * 1000, rate)
      : null;
  const stored = durationMs !== null && durationMs > 0 ? lastFrameOf(durationMs, rate) : null;
  if (stored === null) return media ?? 0;
  return media === null ? stored : Math.min(stored, media);
}

export interface CommentRange {
  frameIn: number;
  frameOut: number | null;
}

/**
 * What `c` writes into the comment form: the marked range when both marks are set (in order;
 * one frame is a point), else the mark in up to the current frame when only it is set and the
 * current frame is later, else the current frame.
 */
export function commentRange(
  current: number,
  markIn: number | null,
  markOut: number | null,
): CommentRange {
  let from: number;
  let to: number;
  if (markIn !== null && markOut !== null) [from, to] = [markIn, markOut];
  else if (markIn !== null && current > markIn) [from, to] = [markIn, current];
  else if (markOut !== null && current < markOut) [from, to] = [current, markOut];
  else return { frameIn: current, frameOut: null };
  const frameIn = Math.min(from, to);
  const frameOut = Math.max(from, to);
  return { frameIn, frameOut: frameOut === frameIn ? null : frameOut };
}

/** The timecodes the comment form takes for a range: frameOut empty for a point. */
export function rangeTimecodes(
  range: CommentRange,
  rate: FrameRate,
): { frameIn: string; frameOut: string } {
  return {
    frameIn: frameToTimecode(range.frameIn, rate),
    frameOut: range.frameOut === null ? "" : frameToTimecode(range.frameOut, rate),
  };
}

/**
 * Where a comment's marker sits on the timeline, in per cent of its width: from the start of
 * its first frame to the end of its last (a point is one frame wide). Frames past the end are
 * kept at the end; a range given backwards is put in order.
 */
export function markerPosition(
  frameIn: number,
  frameOut: number | null,
  lastFrame: number,
): { left: number; width: number } {
  const frames = Math.max(0, lastFrame) + 1;
  const a = clampFrame(frameIn, lastFrame);
  const b = clampFrame(frameOut ?? frameIn, lastFrame);
  const from = Math.min(a, b);
  const to = Math.max(a, b);
  return { left: (from / frames) * 100, width: ((to - from + 1) / frames) * 100 };
}

/** The frame a `[data-seek-frame]` asks for, or null when it holds no frame number. */
export function seekFrameOf(text: string | null | undefined): number | null {
  if (text == null || !/^\d{1,9}$/.test(text.trim())) return null;
  return Number(text.trim());
}
