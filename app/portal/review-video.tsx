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
 * Where a version's video goes (decision 0091). Until the player of `review-player.tsx` is
 * merged, a plain native player with the same id; merged, this renders
 * `<ReviewPlayer {...props} />` instead: the page already hands it the contract's props.
 */
export function ReviewVideo(props: ReviewPlayerProps & { label: string }) {
  return (
    // biome-ignore lint/a11y/useMediaCaption: a cut under review has no captions yet
    <video
      id="review-video"
      controls
      preload="metadata"
      playsInline
      src={props.src}
      poster={props.poster}
      aria-label={props.label}
      data-frame-rate={props.frameRate}
      data-duration-ms={props.durationMs ?? undefined}
      className="mt-3 aspect-video w-full rounded-2xl bg-black"
    />
  );
}
