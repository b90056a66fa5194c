import { portKey } from "./team-port.ts";

/**
 * What the downloads of a message that came in (its .eml, its attachments; members only) may
 * ask of the server: their own port (decision 0086), reached with
 * `signedInMember(context, messageFilesPort)`. Types only, and the key.
 */
export interface MessageFilesPort {
  /** A message that came in, whole, as it arrived (its .eml). */
  rawMessage(id: string): Promise<{ body: Uint8Array } | undefined>;
  /** An attachment of a reply, to download; undefined when there is none. */
  attachment(
    id: string,
  ): Promise<{ filename: string; contentType: string; body: Uint8Array } | undefined>;
}

export const messageFilesPort = portKey<MessageFilesPort>("message-files");
