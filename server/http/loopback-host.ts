import ipaddr from "ipaddr.js";

/**
 * True for a host on this machine: `localhost` (and `*.localhost`), 127.0.0.0/8 and ::1, as a
 * URL's hostname gives them (IPv6 in brackets). The only hosts an outbound webhook (WEBHOOK_URL,
 * the chat channels) may be reached at over plain http: a local relay, a test's receiver.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  return ipaddr.isValid(host) && ipaddr.process(host).range() === "loopback";
}
