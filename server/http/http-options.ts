import type { ServerOptions } from "node:http";
import type { Config } from "../config.ts";

/**
 * Timeouts of the HTTP server against slow clients. A client must send all of its headers
 * within HTTP_HEADERS_TIMEOUT_MS (slowloris: headers a byte at a time) and its whole request,
 * body included, within HTTP_REQUEST_TIMEOUT_MS (a body dribbled in); Node then answers 408 and
 * closes the connection. Node checks these only every `connectionsCheckingInterval` (30 s by
 * default, which would let a 10 s limit run to 40 s): here a quarter of the shorter limit, at
 * most a second. An idle keep-alive connection is closed after 5 s.
 */
export function httpServerOptions(
  config: Pick<Config, "HTTP_HEADERS_TIMEOUT_MS" | "HTTP_REQUEST_TIMEOUT_MS">,
): ServerOptions {
  const headersTimeout = config.HTTP_HEADERS_TIMEOUT_MS;
  const requestTimeout = config.HTTP_REQUEST_TIMEOUT_MS;
  return {
    headersTimeout,
    requestTimeout,
    keepAliveTimeout: 5_000,
    connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(headersTimeout / 4))),
  };
}
