import { portKey } from "./team-port.ts";

/**
 * What the team's list of clients (/team/clients) may ask of the server: its own port (decision
 * 0086), made for a signed-in member only and reached with `signedInMember(context,
 * clientListPort)`. Types only, and the key.
 */
export interface ClientListPort {
  list(): Promise<ClientListRow[]>;
}

export const clientListPort = portKey<ClientListPort>("clients");

export interface ClientListRow {
  id: string;
  name: string;
  plan: string;
  videosPerWeek: number;
  requestsThisWeek: number;
  people: number;
}
