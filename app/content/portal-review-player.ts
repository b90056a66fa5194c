/**
 * The words of the review player (issue 39; app/portal/review/review-player.tsx): its buttons'
 * names, the timecode read out when paused, and the keys it answers to. `{placeholders}` are
 * filled with `fill` (app/shared/text.ts).
 */
export const portalReviewPlayer = {
  /** The player's group, as a screen reader names it. */
  label: "Video player",
  play: "Play",
  pause: "Pause",
  back: "Back one frame",
  forward: "Forward one frame",
  markIn: "Mark in",
  markOut: "Mark out",
  clearMarks: "Clear marks",
  /** The button that fills the comment form (phones, and anyone not using the keys). */
  commentHere: "Comment at this frame",
  commentRange: "Comment on the marked range",
  /** The slider along the timeline. */
  position: "Position",
  /** The visible frame number beside the timecode. */
  frame: "Frame {frame}",
  /** Read out (polite) when paused, stepped or sought: {timecode}, {frame}. */
  announce: "{timecode}, frame {frame}",
  /** The marks set with i and o ({timecode}); "–" while unset. */
  marked: "In {in} · Out {out}",
  unmarked: "–",
  /** A marker on the timeline: {label} is the comment's, {timecode} where it starts. */
  marker: "Comment at {timecode}: {label}",
  markerResolved: "Resolved comment at {timecode}: {label}",
  markersTitle: "Comments on the timeline",
  /** The keys, shown under the player. */
  keysTitle: "Keys",
  keys: "Space play/pause · J back one second · K pause · L play (again: faster) · Left/Right arrow one frame · I / O mark in/out · C comment",
} as const;
