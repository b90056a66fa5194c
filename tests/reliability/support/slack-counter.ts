import http from "node:http";

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
  const server = http.createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => {
      body += chunk;
    });
    request.on("end", () => {
      const id = uuid.exec(body)?.[0];
      if (id && body.includes('"New application"')) {
        byApplication.set(id, (byApplication.get(id) ?? 0) + 1);
      } else others += 1;
      response.writeHead(200, { "Content-Type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/services/T000/B000/load`,
    byApplication,
    others: () => others,
    duplicates: () => [...byApplication].filter(([, n]) => n > 1).map(([id]) => id),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
