import http from "node:http";

/**
 * A real HTTP server on a free port of 127.0.0.1 that hands `answer` each request once its whole
 * body has arrived (as text). `stop` closes it, dropping the connections still open.
 */
export async function startHttpReceiver(
  answer: (request: http.IncomingMessage, body: string, response: http.ServerResponse) => void,
) {
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => answer(request, Buffer.concat(chunks).toString("utf8"), response));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
