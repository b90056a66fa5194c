import { portKey } from "./team-port.ts";

/**
 * What the Response page (/team/response) may ask of the server: its own port (decision 0086),
 * reached with `signedInMember(context, responsePort)`. Types only, and the key.
 */
export interface ResponsePort {
  /** The promise's figures. */
  response(): Promise<ResponseReport>;
}

export const responsePort = portKey<ResponsePort>("response");

/** How the promise was kept over a window of days (applications received in it). */
export interface ResponseFigures {
  applications: number;
  /** Those due or answered: the promise was kept or broken (the rate's denominator). */
  due: number;
  answered: number;
  answeredInTime: number;
  /** Null when nothing was answered. */
  medianSeconds: number | null;
  p90Seconds: number | null;
}

export interface ResponseReport {
  now: number;
  promiseHours: number;
  overdueNow: number;
  windows: { days: number; all: ResponseFigures }[];
  /** Per owner (null: unassigned), over the longest window. */
  members: { name: string; email: string | null; figures: ResponseFigures; overdue: number }[];
  /** One bar per day of the longest window, oldest first (UTC days). */
  daily: { day: number; applications: number; answeredInTime: number; late: number }[];
}
