/**
 * The words of the portal's review (issue 39, part 2): what a typed timecode that cannot be read
 * is told, the columns of the comments' CSV, and how a post reads in the posting calendar.
 * `{placeholders}` are filled with `fill` (app/shared/text.ts).
 */
export const portalReview = {
  timecode: {
    /** Not four groups of digits: {example} is the video's first frame in its own style. */
    format: "Type a timecode as HH:MM:SS:FF, for example {example}.",
    /** Minutes or seconds of 60 and more. */
    clock: "Minutes and seconds go up to 59.",
    /** A frame number at or past the frames a second ({rate}: 25, 29.97…; {last}: the last one). */
    frames: "At {rate} fps the frames of a second go from 00 to {last}.",
    /** A `;` (drop-frame) typed for a video whose rate has no drop-frame timecode. */
    dropFrameRate:
      "Drop-frame timecode (with ;) exists only at 29.97 and 59.94 fps; this video is {rate} fps: use HH:MM:SS:FF.",
    /** A drop-frame label that does not exist ({skipped}: "00 and 01" or "00 to 03"). */
    dropped:
      "{timecode} does not exist in drop-frame timecode: frames {skipped} are skipped at the start of each minute, except every tenth minute.",
    /** Past the video's last frame ({last}: its timecode). */
    pastEnd: "The video ends at {last}.",
  },
  markers: {
    /** The comments' CSV: its header row, in order. */
    csvColumns: [
      "Timecode in",
      "Timecode out",
      "Frame in",
      "Frame out",
      "Author",
      "Comment",
      "Resolved",
      "Written at (UTC)",
    ],
    /** The EDL's comment line when a version has more comments than CMX 3600 holds events. */
    edlOverflow: "{count} more comments are not in this EDL (it holds 999): see the CSV export.",
    /** The FCPXML project's name: {title} is the video's, {version} its number. */
    fcpxmlProject: "{title} v{version}: comments",
  },
  calendar: {
    /** The feed's name in a calendar app: {client} is the client's name. */
    name: "Posting schedule: {client}",
    /** One post's title: {platform} (TikTok…), {title} the video's. */
    summary: "{platform}: {title}",
    /** The post's time as planned, in its own zone: "Tue 1 Dec 2026, 17:00 (Europe/Berlin)". */
    plannedAt: "Planned for {time} ({zone})",
    /** The link back to the request in the portal. */
    link: "In the portal: {url}",
  },
} as const;
