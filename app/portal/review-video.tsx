import { ReviewPlayer } from "./review/review-player";

/** A comment as the player marks it on its timeline (the player helper's contract). */
export interface ReviewMarker {
  id: string;
  frameIn: number;
  frameOut: number | null;
  resolved: boolean;
  label: string;
}

/** The props of `<ReviewPlayer>` (app/portal/review/review-player.tsx, branch `player`). */
export interface ReviewPlayerProps {
  src: string;
  poster?: string;
  /** The rational as stored ("30000/1001"). */
  frameRate: string;
  durationMs: number | null;
  markers: ReviewMarker[];
  commentFormId: "comment-form";
}

/**
 * Where a version's video goes (decision 0091): the review player (decision 0092), rendered on
 * the server as a plain native `<video controls>` with the same id, enhanced once the page's
 * script runs.
 */
export function ReviewVideo(props: ReviewPlayerProps & { label: string }) {
  return <ReviewPlayer {...props} />;
}
