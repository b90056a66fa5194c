import { portKey } from "./team-port.ts";

/**
 * What the Away switch (/team/availability, in every team page's bar) may ask of the server,
 * bound to the member signed in: its own port (decision 0086), reached with
 * `signedInMember(context, availabilityPort)`. Types only, and the key.
 */
export interface AvailabilityPort {
  /** The signed-in member goes away (no new applications in turn) or comes back. */
  setAway(away: boolean): Promise<void>;
}

export const availabilityPort = portKey<AvailabilityPort>("availability");
