import http from "node:http";

export interface ReceivedHook {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A real HTTP server on 127.0.0.1 that records every POST and answers with the next status of
 * `statuses` (the last one repeats).
 */
export async function startWebhookReceiver(statuses: number[] = [200]) {
  const received: ReceivedHook[] = [];
  const server = http.createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => {
      body += chunk;
    });
    request.on("end", () => {
      received.push({ headers: request.headers, body });
      const status = statuses[Math.min(received.length - 1, statuses.length - 1)] ?? 200;
      response.writeHead(status, { "Content-Type": "text/plain" }).end(String(status));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/hooks/reelsmith`,
    received,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
