/**
 * A clip over its plan's raw footage per video (decision 0080's numbers): derived where shown,
 * never stored. `minutes`: the clip's, rounded up; `capMinutes`: the plan's.
 */
export type FootageMinutes = { over: true; minutes: number; capMinutes: number } | { over: false };

/** One finished upload as the team's client page and the client's request page show it (decisions 0084, 0087). */
export interface FootageItem {
  id: string;
  /** The name the client's device gave it, made fit to show; "" when it gave none. */
  name: string;
  /** The request it was sent for (null: sent before requests had footage). */
  requestId: string | null;
  size: number;
  completedAt: number;
  /** waiting: not read yet (or being tried again); unreadable: `reason` says why. */
  state: "waiting" | "ready" | "unreadable";
  kind: "video" | "audio" | "image" | null;
  durationMs: number | null;
  width: number | null;
  height: number | null;
  /** Exact, as ffprobe gives it ("30000/1001"). */
  frameRate: string | null;
  hasAudio: boolean | null;
  hasPoster: boolean;
  hasPreview: boolean;
  reason: string | null;
  minutes: FootageMinutes;
}
