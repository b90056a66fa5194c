import { afterAll } from "vitest";
import { createTestDatabase } from "../../../server/test/postgres.ts";
import type { Instance } from "./instance.ts";

/**
 * What a scenario starts, stopped after its tests: the instances first (they hold connections
 * to the rest), then whatever `keep` was given, the last kept first (a store before the
 * database it reads, the database before the mail sink).
 */
export function stopAfterAll() {
  const instances: Instance[] = [];
  const stops: (() => unknown)[] = [];
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    for (const stop of stops.reverse()) await stop();
  });
  /** Keeps `thing` to be stopped with `stop` after the scenario; returns it. */
  function keep<T>(thing: T, stop: (thing: T) => unknown): T {
    stops.push(() => stop(thing));
    return thing;
  }
  return {
    instances,
    keep,
    /** A fresh PostgreSQL database (TEST_DATABASE_URL's server), kept: dropped after the scenario. */
    freshDatabase: async () => keep(await createTestDatabase(), (created) => created.drop()),
  };
}
