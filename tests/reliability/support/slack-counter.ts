import { startHttpReceiver } from "../../../server/test/http-receiver.ts";

export interface SlackCounter {
  readonly url: string;
  /** Announcements accepted so far, by application id (a count above 1 is a duplicate). */
  readonly byApplication: Map<string, number>;
  /** Messages that were not announcements (alerts). */
  others(): number;
  /** Application ids announced more than once. */
  duplicates(): string[];
  stop(): Promise<void>;
}

const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

/**
 * A Slack incoming webhook on 127.0.0.1 for load: it answers `ok` and keeps no message, only
 * counts the announcements by the application id they carry.
 */
export async function startSlackCounter(): Promise<SlackCounter> {
  const byApplication = new Map<string, number>();
  let others = 0;
  const receiver = await startHttpReceiver((_request, body, response) => {
    const id = uuid.exec(body)?.[0];
    if (id && body.includes('"New application"')) {
      byApplication.set(id, (byApplication.get(id) ?? 0) + 1);
    } else others += 1;
    response.writeHead(200, { "Content-Type": "text/plain" }).end("ok");
  });
  return {
    url: `${receiver.origin}/services/T000/B000/load`,
    byApplication,
    others: () => others,
    duplicates: () => [...byApplication].filter(([, n]) => n > 1).map(([id]) => id),
    stop: receiver.stop,
  };
}
