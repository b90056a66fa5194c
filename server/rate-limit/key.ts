import ipaddr from "ipaddr.js";

/**
 * Who an application counts against in the rate limit: an IPv4 client by its address (written
 * as IPv4 also when it came as IPv4-mapped IPv6), an IPv6 client by its /64. One home or phone
 * network gets a /64, so a client would otherwise have 2^64 addresses to walk the limit with.
 * Anything that is not an address counts as itself.
 */
export function rateLimitKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === "ipv4") return address.toString();
  const prefix = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${prefix.map((part) => part.toString(16)).join(":")}::/64`;
}
