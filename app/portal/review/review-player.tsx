import { useCallback, useEffect, useId, useRef, useState } from "react";
import { buttonClass } from "~/components/ui/button";
import { portalReviewPlayer as copy } from "~/content/portal-review-player";
import { fill } from "~/shared/text";
import { frameToTimecode, nominalFps, parseFrameRate } from "~/shared/timecode";
import {
  commentRange,
  frameAt,
  isTypingTarget,
  keyAction,
  lastFrameFor,
  markerPosition,
  nextPlaybackRate,
  type PlayerAction,
  rangeTimecodes,
  seekFrameOf,
  seekTime,
} from "./player-logic";

export interface ReviewMarker {
  id: string;
  frameIn: number;
  frameOut: number | null;
  resolved: boolean;
  label: string;
}

export interface ReviewPlayerProps {
  src: string;
  poster?: string;
  /** The stored exact rational: "30000/1001", "24/1", "25/1". */
  frameRate: string;
  /** ffprobe's duration; null when not read (the browser's own is used). */
  durationMs: number | null;
  markers: ReviewMarker[];
  /** The id of the page's comment form (inputs frameIn, frameOut, textarea body). */
  commentFormId: string;
  /** The video's accessible name ("Version 2"). */
  label?: string;
}

/** A rate that cannot be read is played as 25 fps: the page says so beside the player. */
const fallbackRate = { num: 25, den: 1 };

const iconButton = buttonClass("outline", "md", "min-w-11 px-3");

/**
 * The review player, to the frame (decision 0092), on the native `<video>`: play/pause, the
 * timecode and frame number, a frame back and forward, marks in and out, a timeline with the
 * comments' markers, keys (space, J/K/L, arrows, I/O, C) and the page's `[data-seek-frame]`
 * buttons. A seek goes to the middle of a frame; the frame shown is read back from
 * requestVideoFrameCallback's mediaTime while playing where the browser has it, else from
 * currentTime. Rendered on the server as a plain `<video controls>`: the controls of its own
 * appear only once the page's script runs (the same first render on both sides, no mismatch),
 * and without JavaScript the page's typed timecodes do the work.
 */
export function ReviewPlayer(props: ReviewPlayerProps) {
  const { commentFormId } = props;
  const rate = parseFrameRate(props.frameRate) ?? fallbackRate;
  const fps = nominalFps(rate);
  const video = useRef<HTMLVideoElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const [frame, setFrame] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [mediaDuration, setMediaDuration] = useState<number | undefined>(undefined);
  const [markIn, setMarkIn] = useState<number | null>(null);
  const [markOut, setMarkOut] = useState<number | null>(null);
  const [announce, setAnnounce] = useState("");
  const lastFrame = lastFrameFor(props.durationMs, rate, mediaDuration);
  const sliderId = useId();

  // Values the listeners read without being made again at each frame.
  const live = useRef({ rate, lastFrame, frame, markIn, markOut });
  live.current = { rate, lastFrame, frame, markIn, markOut };

  const timecodeOf = useCallback((n: number) => frameToTimecode(n, live.current.rate), []);

  const seekTo = useCallback((target: number) => {
    const element = video.current;
    if (!element) return;
    const { rate: r, lastFrame: last } = live.current;
    element.pause();
    const set = () => {
      element.currentTime = seekTime(target, r, last);
    };
    if (element.readyState >= 1) set();
    else element.addEventListener("loadedmetadata", set, { once: true });
    setFrame(frameAt(seekTime(target, r, last), r, last));
  }, []);

  const fillForm = useCallback(() => {
    const element = video.current;
    element?.pause();
    const { rate: r, frame: current, markIn: a, markOut: b } = live.current;
    const form = document.getElementById(commentFormId);
    if (!(form instanceof HTMLFormElement)) return;
    const codes = rangeTimecodes(commentRange(current, a, b), r);
    for (const name of ["frameIn", "frameOut"] as const) {
      const input = form.elements.namedItem(name);
      if (input instanceof HTMLInputElement) {
        input.value = codes[name];
        input.dispatchEvent(new Event("input", { bubbles: true }));
      }
    }
    const body = form.elements.namedItem("body");
    if (body instanceof HTMLTextAreaElement) body.focus();
  }, [commentFormId]);

  const act = useCallback(
    (action: PlayerAction) => {
      const element = video.current;
      if (!element) return;
      switch (action.kind) {
        case "toggle":
          if (element.paused || element.ended) void element.play().catch(() => {});
          else element.pause();
          return;
        case "pause":
          element.pause();
          return;
        case "play":
          element.playbackRate = nextPlaybackRate(!element.paused, element.playbackRate);
          void element.play().catch(() => {});
          return;
        case "step":
          seekTo(live.current.frame + action.frames);
          return;
        case "markIn":
          setMarkIn(live.current.frame);
          return;
        case "markOut":
          setMarkOut(live.current.frame);
          return;
        case "comment":
          fillForm();
          return;
      }
    },
    [seekTo, fillForm],
  );

  useEffect(() => setReady(true), []);

  // The frame shown: rVFC's mediaTime while playing where there is one, else timeupdate; after
  // a seek or a pause, currentTime. The timecode is read out only when paused.
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    const read = () => {
      const { rate: r, lastFrame: last } = live.current;
      return frameAt(element.currentTime, r, last);
    };
    const settled = () => {
      const n = read();
      setFrame(n);
      if (element.paused) setAnnounce(fill(copy.announce, { timecode: timecodeOf(n), frame: n }));
    };
    let handle: number | undefined;
    const hasFrameCallback = "requestVideoFrameCallback" in element;
    const onFrame = (_now: number, metadata: { mediaTime: number }) => {
      const { rate: r, lastFrame: last } = live.current;
      setFrame(frameAt(metadata.mediaTime, r, last));
      if (!element.paused) handle = element.requestVideoFrameCallback(onFrame);
    };
    const onPlay = () => {
      setPlaying(true);
      setAnnounce("");
      if (hasFrameCallback) handle = element.requestVideoFrameCallback(onFrame);
    };
    const onPause = () => {
      setPlaying(false);
      if (handle !== undefined && hasFrameCallback) element.cancelVideoFrameCallback(handle);
      handle = undefined;
      settled();
    };
    const onTimeUpdate = () => {
      if (!hasFrameCallback || element.paused) setFrame(read());
    };
    const onMetadata = () => {
      if (Number.isFinite(element.duration)) setMediaDuration(element.duration);
    };
    element.addEventListener("play", onPlay);
    element.addEventListener("pause", onPause);
    element.addEventListener("seeked", settled);
    element.addEventListener("timeupdate", onTimeUpdate);
    element.addEventListener("loadedmetadata", onMetadata);
    element.addEventListener("durationchange", onMetadata);
    if (element.readyState >= 1) onMetadata();
    if (!element.paused) onPlay();
    return () => {
      if (handle !== undefined && hasFrameCallback) element.cancelVideoFrameCallback(handle);
      element.removeEventListener("play", onPlay);
      element.removeEventListener("pause", onPause);
      element.removeEventListener("seeked", settled);
      element.removeEventListener("timeupdate", onTimeUpdate);
      element.removeEventListener("loadedmetadata", onMetadata);
      element.removeEventListener("durationchange", onMetadata);
    };
  }, [timecodeOf]);

  // Any `[data-seek-frame]` of the page (the comments' buttons) seeks here and pauses.
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      const button = target?.closest<HTMLElement>("[data-seek-frame]");
      if (!button) return;
      const n = seekFrameOf(button.getAttribute("data-seek-frame"));
      if (n === null) return;
      event.preventDefault();
      seekTo(n);
      root.current?.scrollIntoView?.({ block: "nearest" });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [seekTo]);

  function onKeyDown(event: React.KeyboardEvent<HTMLDivElement>) {
    const target = event.target as HTMLElement & { type?: string };
    if (isTypingTarget(target)) return;
    const action = keyAction(event, fps);
    if (!action) return;
    // A focused button keeps space and Enter to itself; the slider keeps its arrows.
    if (action.kind === "toggle" && target.tagName === "BUTTON") return;
    if (target.tagName === "INPUT" && event.key.startsWith("Arrow")) return;
    event.preventDefault();
    act(action);
  }

  const timecode = frameToTimecode(frame, rate);
  const hasRange = markIn !== null && markOut !== null;

  return (
    // biome-ignore lint/a11y/useSemanticElements: a player, not a form's fieldset
    <div
      ref={root}
      role="group"
      aria-label={copy.label}
      tabIndex={ready ? 0 : undefined}
      onKeyDown={ready ? onKeyDown : undefined}
      data-review-player={ready ? "ready" : "static"}
      className="mt-3 rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-3"
    >
      {/* biome-ignore lint/a11y/useMediaCaption: a cut under review has no captions yet */}
      <video
        ref={video}
        id="review-video"
        controls={!ready}
        preload="metadata"
        playsInline
        src={props.src}
        poster={props.poster}
        aria-label={props.label}
        data-frame-rate={props.frameRate}
        data-duration-ms={props.durationMs ?? undefined}
        onClick={ready ? () => act({ kind: "toggle" }) : undefined}
        className="aspect-[16/9] w-full rounded-2xl bg-black"
      />
      {ready ? (
        <div className="mt-3 flex flex-col gap-3" data-player-controls>
          <div className="flex flex-wrap items-center gap-2">
            <button
              type="button"
              className={buttonClass("light", "md", "min-w-11")}
              onClick={() => act({ kind: "toggle" })}
              aria-label={playing ? copy.pause : copy.play}
              data-player="toggle"
            >
              {playing ? copy.pause : copy.play}
            </button>
            <button
              type="button"
              className={iconButton}
              onClick={() => act({ kind: "step", frames: -1 })}
              aria-label={copy.back}
              title={copy.back}
              data-player="back"
            >
              <span aria-hidden="true">◀︎|</span>
            </button>
            <button
              type="button"
              className={iconButton}
              onClick={() => act({ kind: "step", frames: 1 })}
              aria-label={copy.forward}
              title={copy.forward}
              data-player="forward"
            >
              <span aria-hidden="true">|▶︎</span>
            </button>
            <p className="ml-1 font-mono text-lg text-white tabular-nums">
              <span data-player-timecode>{timecode}</span>{" "}
              <span className="text-sm text-zinc-300" data-player-frame={frame}>
                {fill(copy.frame, { frame })}
              </span>
            </p>
          </div>
          <p className="sr-only" aria-live="polite" data-player-announce>
            {playing ? "" : announce}
          </p>
          <div className="relative">
            <label htmlFor={sliderId} className="sr-only">
              {copy.position}
            </label>
            <input
              id={sliderId}
              type="range"
              min={0}
              max={lastFrame}
              step={1}
              value={frame}
              aria-valuetext={`${timecode}, ${fill(copy.frame, { frame })}`}
              onChange={(event) => seekTo(Number(event.currentTarget.value))}
              className="h-11 w-full accent-brand-500"
              data-player="position"
            />
            {props.markers.length > 0 ? (
              <ul aria-label={copy.markersTitle} className="relative h-11" data-player-markers>
                {props.markers.map((marker) => {
                  const place = markerPosition(marker.frameIn, marker.frameOut, lastFrame);
                  const label = fill(marker.resolved ? copy.markerResolved : copy.marker, {
                    timecode: frameToTimecode(Math.max(0, marker.frameIn), rate),
                    label: marker.label,
                  });
                  return (
                    <li
                      key={marker.id}
                      className="absolute top-0 h-11"
                      style={{ left: `${place.left}%`, width: `${place.width}%` }}
                    >
                      <button
                        type="button"
                        aria-label={label}
                        title={label}
                        data-marker-frame={marker.frameIn}
                        data-marker-resolved={marker.resolved ? "" : undefined}
                        onClick={() => seekTo(marker.frameIn)}
                        className={`absolute top-0 left-0 flex h-11 min-w-11 -translate-x-[22px] items-center justify-start rounded-lg focus-visible:outline-2 ${marker.resolved ? "opacity-40" : ""}`}
                        style={{ width: `calc(100% + 22px)` }}
                      >
                        <span
                          aria-hidden="true"
                          className={`ml-[21px] block h-6 min-w-0.5 rounded-sm ${marker.frameOut === null ? "w-0.5" : "w-full"} ${marker.resolved ? "bg-zinc-400" : "bg-amber-400"}`}
                        />
                      </button>
                    </li>
                  );
                })}
              </ul>
            ) : null}
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <button
              type="button"
              className={buttonClass("outline", "md")}
              onClick={() => act({ kind: "markIn" })}
              data-player="mark-in"
            >
              {copy.markIn}
            </button>
            <button
              type="button"
              className={buttonClass("outline", "md")}
              onClick={() => act({ kind: "markOut" })}
              data-player="mark-out"
            >
              {copy.markOut}
            </button>
            {markIn !== null || markOut !== null ? (
              <button
                type="button"
                className={buttonClass("ghost", "md")}
                onClick={() => {
                  setMarkIn(null);
                  setMarkOut(null);
                }}
              >
                {copy.clearMarks}
              </button>
            ) : null}
            <span className="text-sm text-zinc-300 tabular-nums" data-player-marks>
              {fill(copy.marked, {
                in: markIn === null ? copy.unmarked : frameToTimecode(markIn, rate),
                out: markOut === null ? copy.unmarked : frameToTimecode(markOut, rate),
              })}
            </span>
          </div>
          <button
            type="button"
            className={buttonClass("primary", "md", "self-start")}
            onClick={() => act({ kind: "comment" })}
            data-player="comment"
          >
            {hasRange ? copy.commentRange : copy.commentHere}
          </button>
          {/* The keys are a keyboard's: not said on a touch screen with no fine pointer. */}
          <p className="text-xs text-zinc-400 pointer-coarse:hidden">
            <span className="font-semibold">{copy.keysTitle}:</span> {copy.keys}
          </p>
        </div>
      ) : null}
    </div>
  );
}
