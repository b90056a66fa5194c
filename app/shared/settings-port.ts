import { portKey } from "./team-port.ts";

/**
 * What /team/settings may ask of the server, bound to the member signed in (the page's own
 * port: decisions 0070 and 0086), reached with `signedInMember(context, settingsPort)` (none
 * without a member). Types only, and the key.
 */
export interface SettingsPort {
  view(): Promise<SettingsView>;
  /** The member's own name, signature and time zone. */
  saveProfile(input: {
    name: string;
    signature: string;
    timeZone: string;
  }): Promise<SettingsOutcome>;
  /** Admins only: add a member (who signs in at /team/sign-in), remove one, choose admins. */
  addMember(input: { email: string; name: string; admin: boolean }): Promise<SettingsOutcome>;
  removeMember(memberId: string): Promise<SettingsOutcome>;
  setAdmin(memberId: string, admin: boolean): Promise<SettingsOutcome>;
}

export const settingsPort = portKey<SettingsPort>("settings");

export interface SettingsView {
  me: {
    id: string;
    email: string;
    name: string;
    signature: string;
    timeZone: string;
    isAdmin: boolean;
  };
  members: { id: string; email: string; name: string; isAdmin: boolean; away: boolean }[];
  /** The IANA time zones a member may choose (the runtime's list). */
  timeZones: string[];
}

export type SettingsDone = "profile" | "added" | "removed" | "role";

export type SettingsError =
  /** Not an admin: members are managed by admins only. */
  | "forbidden"
  /** Fields refused: `fields` says which and why (the copy's keys). */
  | "invalid"
  | "exists"
  | "not_found"
  /** The last admin cannot stop being one, nor be removed. */
  | "last_admin"
  /** A member removes themselves on the command line, not here (they would lose the page). */
  | "self";

export type SettingsOutcome =
  | { ok: true; done: SettingsDone }
  | {
      ok: false;
      error: SettingsError;
      fields?: Partial<Record<SettingsField, SettingsFieldError>>;
    };

export type SettingsField = "name" | "signature" | "timeZone" | "email";
export type SettingsFieldError = "required" | "tooLong" | "characters" | "unknownZone" | "email";

/** The limits the page shows and the server enforces. */
export const settingsLimits = { name: 80, signature: 500, email: 254 } as const;
