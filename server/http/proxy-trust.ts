import type { IncomingMessage } from "node:http";
import type { Context } from "hono";
import ipaddr from "ipaddr.js";
import proxyaddr from "proxy-addr";

/**
 * Which hops of a request we believe, as Express's `trust proxy` setting: `address` is a hop's
 * address, `hop` its distance from us (0: the socket's peer, 1: the last X-Forwarded-For entry…).
 */
export type TrustProxy = (address: string, hop: number) => boolean;

/** Trusts nobody: the socket's peer is the client (TRUST_PROXY unset or `false`). */
export const trustNobody: TrustProxy = () => false;

/**
 * TRUST_PROXY as Express reads `trust proxy`: `false` (or empty), a hop count (`1`: the one
 * proxy in front of us, whatever its address), or a comma-separated list of addresses and CIDR
 * ranges with the names `loopback`, `linklocal`, `uniquelocal` (compiled by proxy-addr, as
 * Express does). `true` (every hop, so any client's X-Forwarded-For) is refused: throws.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? "").trim();
  if (text === "" || text.toLowerCase() === "false") return trustNobody;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    // Express's own logic for a number: trust the first `hops` hops from the socket.
    return (_address, hop) => hop < hops;
  }
  if (/^(true|yes|on)$/i.test(text)) {
    throw new Error(
      "`true` would believe any client's X-Forwarded-For; give the hop count (1: one proxy in front) or the proxy's addresses",
    );
  }
  return proxyaddr.compile(text.split(",").map((part) => part.trim()));
}

/** What a request is from the visitor's side of the proxies we trust. */
export interface PublicRequest {
  /** The client's address (IPv4-mapped IPv6 written as IPv4); "" when unknown. */
  clientIp: string;
  /** The scheme the visitor used. */
  protocol: "http" | "https";
  /** The host (and port) the visitor asked for. */
  host: string;
  /** `${protocol}://${host}`, as browsers send it in `Origin`. */
  origin: string;
}

/** A host as in a Host header: a name or an IPv4 address, or an IPv6 one in brackets, and a port. */
const hostPattern =
  /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

const firstValue = (header: string | null) => header?.split(",")[0]?.trim() || undefined;

/**
 * The public view of a request: its client address (proxy-addr walks X-Forwarded-For from the
 * socket outwards while hops are trusted), and, when the socket's peer is trusted, the scheme
 * from X-Forwarded-Proto and the host from X-Forwarded-Host (the first value of each, as Express
 * takes them). Nothing a client sends counts unless the peer it reached is trusted.
 */
export function publicRequest(
  request: {
    /** The socket's peer address ("" when there is no socket, as in app.request() tests). */
    peer: string;
    headers: Headers;
    /** The URL the server saw (its host comes from the Host header). */
    url: string;
    /** True when the socket itself is TLS. */
    encrypted?: boolean;
  },
  trust: TrustProxy,
): PublicRequest {
  const own = new URL(request.url);
  const trusted = request.peer !== "" && trust(request.peer, 0);
  let protocol: "http" | "https" = request.encrypted ? "https" : "http";
  let host = own.host;
  if (trusted) {
    const forwardedProto = firstValue(request.headers.get("x-forwarded-proto"))?.toLowerCase();
    if (forwardedProto === "http" || forwardedProto === "https") protocol = forwardedProto;
    const forwardedHost = firstValue(request.headers.get("x-forwarded-host"));
    if (forwardedHost && hostPattern.test(forwardedHost)) host = forwardedHost;
  }
  const origin = originOf(protocol, host) ?? originOf(protocol, own.host) ?? own.origin;
  return { clientIp: clientAddress(request, trust), protocol, host: new URL(origin).host, origin };
}

/** The origin of scheme and host (default port left out), or undefined when it is no URL. */
function originOf(protocol: string, host: string): string | undefined {
  try {
    return new URL(`${protocol}://${host}`).origin;
  } catch {
    return undefined;
  }
}

function clientAddress(request: { peer: string; headers: Headers }, trust: TrustProxy): string {
  if (request.peer === "") return "";
  const hops = proxyaddr.all(
    {
      headers: { "x-forwarded-for": request.headers.get("x-forwarded-for") ?? undefined },
      socket: { remoteAddress: request.peer },
    } as unknown as IncomingMessage,
    trust,
  );
  // The farthest hop we reached; if what a trusted hop reported is no address, that hop itself.
  const address = [...hops].reverse().find((hop) => ipaddr.isValid(hop)) ?? request.peer;
  return ipaddr.isValid(address) ? ipaddr.process(address).toString() : address;
}

const cache = new WeakMap<Request, PublicRequest>();

/** publicRequest() for a Hono request on @hono/node-server (worked out once per request). */
export function publicRequestOf(c: Context, trust: TrustProxy): PublicRequest {
  const raw = c.req.raw;
  let found = cache.get(raw);
  if (!found) {
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    const socket = incoming?.socket as
      | (IncomingMessage["socket"] & { encrypted?: boolean })
      | undefined;
    found = publicRequest(
      {
        peer: socket?.remoteAddress ?? "",
        headers: raw.headers,
        url: raw.url,
        encrypted: socket?.encrypted === true,
      },
      trust,
    );
    cache.set(raw, found);
  }
  return found;
}
