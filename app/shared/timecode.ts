import { portalReview } from "../content/portal-review.ts";
import { fill } from "./text.ts";

/**
 * Frames, timecodes and the times a player seeks to, for a video of an exact rational frame
 * rate (the media job stores it as ffprobe gives it: "30000/1001"). Frame 0 is the first frame,
 * shown from time 0 to 1/rate. Pure and integer where it can be: the player, the server's
 * exports and the tests count the same frames (decision 0090).
 */
export interface FrameRate {
  /** Frames per `den` seconds: 30000/1001 is 29.97 fps. Reduced, both positive integers. */
  readonly num: number;
  readonly den: number;
}

const maxRate = 1000;

/** A rate from its stored text ("30000/1001", "25/1", "25"), or null when it is none. */
export function parseFrameRate(text: string): FrameRate | null {
  const match = /^([1-9]\d{0,8})(?:\/([1-9]\d{0,8}))?$/.exec(text.trim());
  if (!match) return null;
  const num = Number(match[1]);
  const den = Number(match[2] ?? "1");
  if (num / den > maxRate) return null;
  const divisor = gcd(num, den);
  return { num: num / divisor, den: den / divisor };
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** The rates the portal's tests prove, by name. */
export const rates = {
  "23.976": { num: 24000, den: 1001 },
  "24": { num: 24, den: 1 },
  "25": { num: 25, den: 1 },
  "29.97": { num: 30000, den: 1001 },
  "30": { num: 30, den: 1 },
  "50": { num: 50, den: 1 },
  "59.94": { num: 60000, den: 1001 },
  "60": { num: 60, den: 1 },
} as const satisfies Record<string, FrameRate>;

/** The frames a timecode second counts: 30 at 29.97 fps, 24 at 23.976. */
export function nominalFps(rate: FrameRate): number {
  return Math.max(1, Math.round(rate.num / rate.den));
}

/** The rate as people say it: "29.97", "25", "23.976". */
export function rateText(rate: FrameRate): string {
  return String(Math.round((rate.num / rate.den) * 1000) / 1000);
}

/**
 * The frame numbers drop-frame timecode skips at each minute but every tenth: 2 at 29.97 fps,
 * 4 at 59.94 (SMPTE ST 12-1); 0 for every other rate, which has no drop-frame timecode.
 */
export function droppedPerMinute(rate: FrameRate): number {
  if (rate.den !== 1001) return 0;
  return rate.num === 30000 ? 2 : rate.num === 60000 ? 4 : 0;
}

/**
 * How the portal writes a rate's timecodes: drop-frame (`;` before the frames) at 29.97 and
 * 59.94, whose timecode then keeps to the clock (01:00:00;00 is an hour in); non-drop-frame
 * for every other rate.
 */
export function usesDropFrame(rate: FrameRate): boolean {
  return droppedPerMinute(rate) > 0;
}

export interface TimecodeStyle {
  /** Drop-frame; the default is `usesDropFrame(rate)`. True for a rate without it: an error. */
  dropFrame?: boolean;
}

function dropFrameOf(rate: FrameRate, style: TimecodeStyle | undefined): number {
  const wanted = style?.dropFrame ?? usesDropFrame(rate);
  if (!wanted) return 0;
  const dropped = droppedPerMinute(rate);
  if (dropped === 0) throw new RangeError(`No drop-frame timecode at ${rateText(rate)} fps`);
  return dropped;
}

const two = (value: number) => String(value).padStart(2, "0");

/** Frame `frame` as HH:MM:SS:FF, or HH:MM:SS;FF in drop-frame. Hours go on past 23. */
export function frameToTimecode(frame: number, rate: FrameRate, style?: TimecodeStyle): string {
  if (!Number.isSafeInteger(frame) || frame < 0) throw new RangeError(`Not a frame: ${frame}`);
  const fps = nominalFps(rate);
  const dropped = dropFrameOf(rate, style);
  let label = frame;
  if (dropped > 0) {
    // Labels skipped so far: `dropped` at every minute but the tenth ones (SMPTE ST 12-1).
    const perMinute = fps * 60 - dropped;
    const perTenMinutes = fps * 600 - 9 * dropped;
    const tens = Math.floor(frame / perTenMinutes);
    const rest = frame % perTenMinutes;
    const minutesPast = rest < fps * 60 ? 0 : Math.floor((rest - fps * 60) / perMinute) + 1;
    label = frame + dropped * (9 * tens + minutesPast);
  }
  const ff = label % fps;
  const seconds = Math.floor(label / fps);
  const separator = dropped > 0 ? ";" : ":";
  return `${two(Math.floor(seconds / 3600))}:${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)}${separator}${two(ff)}`;
}

export type TimecodeReading = { ok: true; frame: number } | { ok: false; message: string };

export interface ReadOptions extends TimecodeStyle {
  /** The video's last frame: a timecode past it is refused (`lastFrameOf`). */
  lastFrame?: number;
}

/**
 * A timecode typed by a person, as a frame. HH:MM:SS:FF (hours of one or two digits; `:` or
 * `;` between the groups). A `;` anywhere asks for drop-frame; otherwise the video's own style
 * counts (`usesDropFrame`), so typing what the player shows always works. Every refusal is a
 * sentence from the content.
 */
export function readTimecode(
  typed: string,
  rate: FrameRate,
  options: ReadOptions = {},
): TimecodeReading {
  const words = portalReview.timecode;
  const fps = nominalFps(rate);
  const match = /^(\d{1,2})[:;](\d{2})[:;](\d{2})[:;](\d{2})$/.exec(typed.trim());
  if (!match) {
    const example = frameToTimecode(0, rate, safeStyle(rate, options));
    return { ok: false, message: fill(words.format, { example }) };
  }
  const [hh, mm, ss, ff] = match.slice(1).map(Number) as [number, number, number, number];
  const dropFrame = typed.includes(";") || (options.dropFrame ?? usesDropFrame(rate));
  const dropped = dropFrame ? droppedPerMinute(rate) : 0;
  if (dropFrame && dropped === 0)
    return { ok: false, message: fill(words.dropFrameRate, { rate: rateText(rate) }) };
  if (mm > 59 || ss > 59) return { ok: false, message: words.clock };
  if (ff >= fps)
    return { ok: false, message: fill(words.frames, { rate: rateText(rate), last: two(fps - 1) }) };
  if (dropped > 0 && ss === 0 && ff < dropped && mm % 10 !== 0) {
    const timecode = `${two(hh)}:${two(mm)}:00;${two(ff)}`;
    const skipped = dropped === 2 ? "00 and 01" : `00 to ${two(dropped - 1)}`;
    return { ok: false, message: fill(words.dropped, { timecode, skipped }) };
  }
  const minutes = hh * 60 + mm;
  const frame = (minutes * 60 + ss) * fps + ff - dropped * (minutes - Math.floor(minutes / 10));
  if (options.lastFrame !== undefined && frame > options.lastFrame) {
    const last = frameToTimecode(Math.max(0, options.lastFrame), rate, { dropFrame: dropped > 0 });
    return { ok: false, message: fill(words.pastEnd, { last }) };
  }
  return { ok: true, frame };
}

function safeStyle(rate: FrameRate, style: TimecodeStyle): TimecodeStyle {
  return { dropFrame: (style.dropFrame ?? usesDropFrame(rate)) && usesDropFrame(rate) };
}

/** When frame `frame` starts to be shown, in seconds (exact to the float). */
export function frameStartSeconds(frame: number, rate: FrameRate): number {
  return (frame * rate.den) / rate.num;
}

/**
 * The time to seek to for frame `frame`: its middle. A seek to the frame's start lands, after
 * the browser's rounding of currentTime and of the stream's timestamps, a hair before it as
 * often as not, and shows the frame before (ViTransfer's `timecodeToSeekSeconds` adds the same
 * half frame); the middle is half a frame from either neighbour.
 */
export function frameSeekSeconds(frame: number, rate: FrameRate): number {
  return ((2 * frame + 1) * rate.den) / (2 * rate.num);
}

/**
 * The share of a frame by which a time just before a frame's start still counts as that frame:
 * float error and the browsers' microsecond rounding of currentTime and mediaTime are far below
 * it (a thousandth of a frame is 33 µs at 30 fps, 17 µs at 60).
 */
export const frameEpsilon = 0.001;

/** The frame shown at `seconds` (the player's currentTime or mediaTime): floor, with an epsilon. */
export function frameAtSeconds(seconds: number, rate: FrameRate): number {
  if (!Number.isFinite(seconds) || seconds <= 0) return 0;
  return Math.floor((seconds * rate.num) / rate.den + frameEpsilon);
}

/** The last frame of a video of `durationMs` (ffprobe's duration): its frames less one, ≥ 0. */
export function lastFrameOf(durationMs: number, rate: FrameRate): number {
  return Math.max(0, Math.round((durationMs * rate.num) / (1000 * rate.den)) - 1);
}
