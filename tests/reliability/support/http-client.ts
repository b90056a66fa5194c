import http from "node:http";
import https from "node:https";

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A keep-alive HTTP client for load (node:http: far less CPU per request than fetch, which
 * matters when the client shares two cores with the servers). Every request has a deadline.
 * https:// URLs go over TLS, accepting the tests' self-signed certificate.
 */
export function createHttpClient(options: { connections: number; timeoutMs?: number }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const tlsAgent = new https.Agent({
    keepAlive: true,
    maxSockets: options.connections,
    rejectUnauthorized: false,
  });
  const timeoutMs = options.timeoutMs ?? 30_000;

  function request(
    url: string,
    init: {
      method?: string;
      headers?: Record<string, string>;
      body?: string | Buffer;
      /** Sends the body in pieces, without Content-Length (Transfer-Encoding: chunked). */
      chunks?: Buffer[];
    } = {},
  ): Promise<HttpAnswer> {
    return new Promise((resolve, reject) => {
      // Content-Length always (node:http leaves it out of a DELETE, for one).
      const length =
        init.body === undefined ? {} : { "Content-Length": Buffer.byteLength(init.body) };
      const secure = url.startsWith("https:");
      const req = (secure ? https : http).request(url, {
        agent: secure ? tlsAgent : agent,
        method: init.method ?? "GET",
        headers: { ...length, ...init.headers },
        timeout: timeoutMs,
      });
      req.on("timeout", () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      req.on("error", reject);
      req.on("response", (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
      });
      if (init.chunks) {
        for (const chunk of init.chunks) req.write(chunk);
        req.end();
      } else req.end(init.body);
    });
  }

  return {
    request,
    postJson: (url: string, body: unknown, headers: Record<string, string> = {}) =>
      request(url, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...headers },
        body: JSON.stringify(body),
      }),
    close: () => {
      agent.destroy();
      tlsAgent.destroy();
    },
  };
}

/**
 * Runs `task(0..count-1)` with at most `concurrency` in flight, and stops starting new ones at
 * `deadline` (epoch ms). Returns how many were started.
 */
export async function runPool(
  count: number,
  concurrency: number,
  task: (index: number) => Promise<void>,
  deadline = Number.POSITIVE_INFINITY,
): Promise<number> {
  let next = 0;
  const lane = async () => {
    while (next < count && Date.now() < deadline) {
      const index = next++;
      await task(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, lane));
  return next;
}
