import { portalReview } from "#app/content/portal-review.ts";
import { fill } from "#app/shared/text.ts";
import { frameToTimecode, readTimecode } from "#app/shared/timecode.ts";
import { type MarkedVersion, markerSheet, type VersionComment } from "./version-comments.ts";

/** CMX 3600 numbers events with three digits. */
export const edlMaxEvents = 999;

export interface EdlOptions {
  /**
   * The timeline's first timecode, in the version's style: DaVinci Resolve starts a new timeline
   * at 01:00:00:00, and reads the markers at their record timecodes.
   */
  start?: string;
}

/**
 * A version's comments as a CMX 3600 EDL in the form DaVinci Resolve reads with "Timelines >
 * Import > Timeline Markers from EDL" (and writes with its export): per comment, one cut event a
 * frame long at the comment's frame (source and record alike: record in = the timeline's start
 * + the frame), then the line ` |C:<colour> |M:<name> |D:<frames>` (blue open, green resolved;
 * the name "Author: text" on one line, no `|`; a range's length in `|D:`). `FCM: DROP FRAME`
 * and `;` timecodes at 29.97 and 59.94. Beyond 999 comments a `*` line says how many are left
 * out (decision 0090).
 */
export function commentsEdl(
  version: MarkedVersion,
  comments: readonly VersionComment[],
  options: EdlOptions = {},
): string {
  const start = readTimecode(options.start ?? "01:00:00:00", version.rate);
  if (!start.ok) throw new RangeError(`EDL start: ${start.message}`);
  const { name, dropFrame, markers } = markerSheet(version, comments);
  const lines = [
    `TITLE: ${Array.from(edlText(name)).slice(0, 70).join("")}`,
    `FCM: ${dropFrame ? "DROP FRAME" : "NON-DROP FRAME"}`,
    "",
  ];
  markers.slice(0, edlMaxEvents).forEach((marker, index) => {
    const recordIn = frameToTimecode(start.frame + marker.frame, version.rate);
    const recordOut = frameToTimecode(start.frame + marker.frame + 1, version.rate);
    const colour = marker.resolved ? "ResolveColorGreen" : "ResolveColorBlue";
    lines.push(
      `${String(index + 1).padStart(3, "0")}  001      V     C        ${recordIn} ${recordOut} ${recordIn} ${recordOut}`,
      ` |C:${colour} |M:${markerName(marker.label)} |D:${marker.frames}`,
      "",
    );
  });
  const left = markers.length - edlMaxEvents;
  if (left > 0) lines.push(`* ${fill(portalReview.markers.edlOverflow, { count: left })}`, "");
  return lines.join("\n");
}

/** No `|` (Resolve's field separator) in a line. */
function edlText(line: string): string {
  return line.replaceAll("|", "/");
}

/** A marker's name: Resolve skips one that starts with a digit (freeframe #151), so `_` first. */
function markerName(text: string): string {
  const line = edlText(text);
  return /^\d/.test(line) ? `_${line}` : line;
}
