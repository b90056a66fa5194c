import type { DatabaseHandle } from "../db/database.ts";
import { teamVersion } from "./portal.ts";

/**
 * A cut of a request the client approved, as the review's storage keeps it (0031: an upload
 * from the team, version `number`, decision "approved"): the version's id. The review's pages
 * are built elsewhere; the schedule needs only this state.
 */
export async function approvedVersion(
  database: DatabaseHandle,
  owner: { clientId: string; requestId: string },
  options: { number?: number; decision?: "approved" | "changes" | null; at?: number } = {},
): Promise<string> {
  const { decision = "approved" } = options;
  return (await teamVersion(database, owner, { ...options, decision })).versionId;
}

/** The team's post form as a browser posts it: a TikTok post on 1 December 2026, 17:00 Berlin. */
export const postForm = (fields: Record<string, string> = {}) =>
  new URLSearchParams({
    platform: "TikTok",
    date: "2026-12-01",
    time: "17:00",
    timeZone: "Europe/Berlin",
    caption: "Behind the scenes of the spring launch",
    hashtags: "launch, #BTS spring",
    revision: "0",
    ...fields,
  });
