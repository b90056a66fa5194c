import { type FrameRate, usesDropFrame } from "#app/shared/timecode.ts";

/**
 * What the marker exports read (decision 0090): a version of a cut and its comments, as the
 * review's storage will hand them over. Frames count from 0, the version's first frame.
 */
export interface VersionComment {
  id: string;
  /** The frame the comment is at, or the first frame of its range. */
  frame: number;
  /** The last frame of its range (inclusive: in 10, out 12 marks three frames); null: a point. */
  outFrame: number | null;
  /** Who wrote it, as the review shows them. */
  author: string;
  text: string;
  resolved: boolean;
  /** When it was written (ms since the epoch). */
  createdAt: number;
}

export interface MarkedVersion {
  /** The video's title (the request's). */
  title: string;
  /** v1, v2… */
  version: number;
  /** The version's exact frame rate (upload_media.frame_rate, read by parseFrameRate). */
  rate: FrameRate;
  /** Its number of frames (lastFrameOf + 1). */
  frames: number;
}

/** The frames a comment marks: 1 for a point, out − in + 1 for a range. */
export function markedFrames(comment: VersionComment): number {
  return comment.outFrame === null ? 1 : comment.outFrame - comment.frame + 1;
}

/**
 * The comments in timeline order (frame, then when written, then id), each checked against the
 * version: a frame outside it is the caller's mistake, refused rather than written somewhere
 * an editor would trust it.
 */
export function inTimelineOrder(
  version: MarkedVersion,
  comments: readonly VersionComment[],
): VersionComment[] {
  for (const comment of comments) {
    const out = comment.outFrame ?? comment.frame;
    const inside =
      Number.isSafeInteger(comment.frame) &&
      Number.isSafeInteger(out) &&
      comment.frame >= 0 &&
      out >= comment.frame &&
      out < version.frames;
    if (!inside)
      throw new RangeError(
        `Comment ${comment.id} marks frames ${comment.frame}–${out} outside the version's 0–${version.frames - 1}`,
      );
  }
  return [...comments].sort(
    (a, b) =>
      a.frame - b.frame || a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/**
 * What a marker export writes of a version: its name on one line ("Title v2"), whether its
 * timecodes drop frames (29.97 and 59.94), and its comments in timeline order, each with its
 * `label` "Author: text" on one line and the `frames` it marks.
 */
export function markerSheet(version: MarkedVersion, comments: readonly VersionComment[]) {
  return {
    name: singleLine(`${version.title} v${version.version}`),
    dropFrame: usesDropFrame(version.rate),
    markers: inTimelineOrder(version, comments).map((comment) => ({
      ...comment,
      label: singleLine(`${comment.author}: ${comment.text}`),
      frames: markedFrames(comment),
    })),
  };
}

/** What may not stand in a marker's one line: C0 (CR, LF, tab…), DEL, C1, U+2028/2029. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: replacing them is the point
const lineBreaking = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** Text on one line: line breaks, tabs and other control characters become single spaces. */
export function singleLine(text: string): string {
  return text.replace(lineBreaking, " ").replace(/ {2,}/g, " ").trim();
}
