import { describe, expect, it } from "vitest";
import { beaconPath } from "#app/shared/paths.ts";
import { storageBackends } from "../test/backends.ts";
import { beaconTokenFor } from "../test/beacon-token.ts";
import { serverOn } from "../test/server.ts";

const [sqlite] = storageBackends();
const chrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/142.0.0.0 Safari/537.36";

/** A question started, as /onboarding reports it, and what the server then stored. */
async function startedOn(env: Record<string, string>) {
  if (!sqlite) throw new Error("no SQLite backend");
  const { server, database } = await serverOn(sqlite, env);
  const visitor = { ip: "127.0.0.1", userAgent: chrome, host: new URL(server.url).host };
  const token =
    env.ANALYTICS === "off" ? "" : await beaconTokenFor(database, server.config, visitor);
  const answer = await fetch(`${server.url}${beaconPath}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server.url, "User-Agent": chrome },
    body: JSON.stringify({ type: "start", question: "name", token }),
  });
  await server.stop(); // writes what is in memory
  return {
    status: answer.status,
    visitors: await database.db.selectFrom("visitors").selectAll().execute(),
    secrets: await database.db.selectFrom("visitSecrets").selectAll().execute(),
  };
}

describe("ANALYTICS", () => {
  it("on (the default): the server counts the visitor and writes them at shutdown", async () => {
    const { status, visitors } = await startedOn({});
    expect(status).toBe(204);
    expect(visitors).toEqual([expect.objectContaining({ question: "name", pages: 0 })]);
  });

  it("off: the beacon is answered alike and nothing is counted or made", async () => {
    const { status, visitors, secrets } = await startedOn({ ANALYTICS: "off" });
    expect(status).toBe(204);
    expect(visitors).toEqual([]);
    expect(secrets).toEqual([]);
  });
});
