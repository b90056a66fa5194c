import type http from "node:http";
import { Webhook } from "standardwebhooks";
import { startHttpReceiver } from "./http-receiver.ts";

export interface ReceivedHook {
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The payload when its Standard Webhooks signature verified with the secret, else undefined. */
  verified: unknown;
  /** Why verification failed (the library's message), when it did. */
  verificationError?: string;
}

/** A Standard Webhooks secret for tests (`whsec_` and 32 bytes in base64). */
export const testWebhookSecret = `whsec_${Buffer.from("reelsmith-test-webhook-secret-32b").toString("base64")}`;

/**
 * A real HTTP server on 127.0.0.1 that receives webhooks as a receiver should: it verifies each
 * with the `standardwebhooks` library and `secret` (id, timestamp within five minutes,
 * signature), records it, and answers with the next status of `statuses` (the last one
 * repeats), or 401 when the signature does not verify.
 */
export async function startWebhookReceiver(
  statuses: number[] = [200],
  secret: string = testWebhookSecret,
) {
  const received: ReceivedHook[] = [];
  const webhook = new Webhook(secret);
  const receiver = await startHttpReceiver((request, body, response) => {
    let verified: unknown;
    let verificationError: string | undefined;
    try {
      verified = webhook.verify(body, request.headers as Record<string, string>);
    } catch (error) {
      verificationError = (error as Error).message;
    }
    received.push({ headers: request.headers, body, verified, verificationError });
    const status = verificationError
      ? 401
      : (statuses[Math.min(received.length - 1, statuses.length - 1)] ?? 200);
    response.writeHead(status, { "Content-Type": "text/plain" }).end(String(status));
  });
  return {
    url: `${receiver.origin}/hooks/reelsmith`,
    secret,
    received,
    stop: receiver.stop,
  };
}
