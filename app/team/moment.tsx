import { createContext, useContext } from "react";

/** The signed-in member's time zone (TeamShell provides it; UTC outside one). */
export const TimeZoneContext = createContext("UTC");

const formats = new Map<string, Intl.DateTimeFormat>();
const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** The wall clock of `ms` in `timeZone`, as numbers (ICU's digits, never its words). */
function wallClock(ms: number, timeZone: string) {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      hourCycle: "h23",
      timeZone,
    });
    formats.set(timeZone, format);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(format.formatToParts(ms).find((p) => p.type === type)?.value ?? 0);
  return {
    year: part("year"),
    month: part("month"),
    day: part("day"),
    hour: part("hour"),
    minute: part("minute"),
  };
}

const two = (n: number) => String(n).padStart(2, "0");

/**
 * A moment as every team page shows it, in one format and the member's time zone:
 * "25 Nov 2026, 15:05 UTC+1". Only numbers come from ICU (the words and the offset are ours),
 * so the server and the browser write the same text and the page hydrates without a mismatch.
 * Formatters are made once per zone (building one costs ~150 µs).
 */
export function momentText(ms: number, timeZone: string): string {
  const wall = wallClock(ms, timeZone);
  const minutes = Math.round(
    (Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute) -
      Math.floor(ms / 60_000) * 60_000) /
      60_000,
  );
  const sign = minutes < 0 ? "-" : "+";
  const offset =
    minutes === 0
      ? ""
      : `${sign}${Math.floor(Math.abs(minutes) / 60)}${Math.abs(minutes) % 60 ? `:${two(Math.abs(minutes) % 60)}` : ""}`;
  return `${wall.day} ${months[wall.month - 1]} ${wall.year}, ${two(wall.hour)}:${two(wall.minute)} UTC${offset}`;
}

/** `momentText` in the member's zone, for a moment inside a sentence. */
export function useMomentText(): (ms: number) => string {
  const timeZone = useContext(TimeZoneContext);
  return (ms) => momentText(ms, timeZone);
}

/** A `<time>` in the member's zone, its machine-readable value in UTC. */
export function Moment({ ms }: { ms: number }) {
  const timeZone = useContext(TimeZoneContext);
  return <time dateTime={new Date(ms).toISOString()}>{momentText(ms, timeZone)}</time>;
}
