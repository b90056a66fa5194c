import type { PortKey, TeamPort } from "#app/shared/team-port.ts";

/**
 * The team pages' ports (decision 0086): for each page's key, how its port is made for a
 * request (`For`: the member signed in, the request). start-team.ts provides them all; a route
 * reaches its own by its key, and a key nobody provided answers undefined (the route's 503).
 */
export function pagePorts<For>() {
  const makers = new Map<string, (request: For) => unknown>();
  const ports = {
    /** How the port of `key` is made (undefined: not for this request, e.g. without a member). */
    provide<Port>(key: PortKey<Port>, make: (request: For) => Port | undefined) {
      if (makers.has(key.page)) throw new Error(`two ports for the team page ${key.page}`);
      makers.set(key.page, make);
      return ports;
    },
    /** The ports of one request, as the routes reach them (TeamPort.port). */
    of(request: For): TeamPort["port"] {
      return <Port>(key: PortKey<Port>) => makers.get(key.page)?.(request) as Port | undefined;
    },
  };
  return ports;
}
