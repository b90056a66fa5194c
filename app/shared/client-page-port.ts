import type { FootageItem } from "./footage-item.ts";
import type { ClientSpace } from "./portal-port.ts";
import { portKey } from "./team-port.ts";

/**
 * What a client's page on the team's side (/team/clients/:id) may ask of the server: its own
 * port (decision 0086), made for a signed-in member only and reached with
 * `signedInMember(context, clientPagePort)`. Types only, and the key.
 */
export interface ClientPagePort {
  client(id: string): Promise<ClientPage | undefined>;
  addPerson(clientId: string, email: string): Promise<PeopleOutcome>;
  removePerson(clientId: string, personId: string): Promise<PeopleOutcome>;
  /**
   * Erases a client and everything of theirs, files included (the one erase the CLI runs too),
   * with an audit line of the member who did it.
   */
  erase(clientId: string, memberEmail: string): Promise<EraseClientOutcome>;
}

export const clientPagePort = portKey<ClientPagePort>("client");

export interface ClientPage extends ClientSpace {
  applicationId: string | null;
  people: { id: string; email: string; createdAt: number }[];
  /** Finished uploads, newest first. */
  footage: FootageItem[];
  /** False when this server has no ffprobe/ffmpeg: nothing is read, no poster or preview. */
  previews: boolean;
  /** Requests whose footage the team may mark complete: not marked yet, no cut sent. */
  markable: { id: string; title: string }[];
}

export type PeopleOutcome =
  | { ok: true; email: string }
  | {
      ok: false;
      error: "not_found" | "invalid_email" | "address_taken" | "last_person";
      email?: string;
    };

/** A client erased (decision 0088): its name, and how many of its uploads' files went. */
export type EraseClientOutcome =
  | { ok: true; name: string; uploads: number }
  | { ok: false; error: "not_found" };
