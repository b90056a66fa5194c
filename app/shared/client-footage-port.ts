import { portKey } from "./team-port.ts";

/**
 * What a file of a client's footage (/team/clients/:id/footage/:upload/:file) may ask of the
 * server: its own port (decision 0086), made for a signed-in member only and reached with
 * `signedInMember(context, clientFootagePort)`. Types only, and the key.
 */
export interface ClientFootagePort {
  /**
   * One file of a client's finished upload, streamed (`Range` honoured: 206 or 416), or
   * undefined when the client, the upload or that file does not exist.
   */
  footageFile(
    clientId: string,
    uploadId: string,
    file: string,
    range: string | null,
  ): Promise<Response | undefined>;
}

export const clientFootagePort = portKey<ClientFootagePort>("client-footage");

/** Which file of an upload: the bytes uploaded, or what the job made of them. */
export type FootageFile = "original" | "poster" | "preview";
