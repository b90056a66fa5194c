import pino from "pino";
import { expect, it } from "vitest";
import { createUnrecordedOutcomes } from "./unrecorded-outcomes.ts";

const logger = pino({ level: "silent" });
const refused = () => Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });

it("records the kept writes in order, once each", async () => {
  const outcomes = createUnrecordedOutcomes(logger);
  const written: string[] = [];
  for (const id of ["a", "b", "c"]) outcomes.add(id, async () => written.push(id));
  expect(await outcomes.recordAll()).toBe(true);
  expect(await outcomes.recordAll()).toBe(true);
  expect(written).toEqual(["a", "b", "c"]);
});

it("stops at the first write the database refuses and keeps it and the rest for next time", async () => {
  const outcomes = createUnrecordedOutcomes(logger);
  let down = true;
  const written: string[] = [];
  outcomes.add("a", async () => written.push("a"));
  outcomes.add("b", async () => {
    if (down) throw refused();
    written.push("b");
  });
  outcomes.add("c", async () => written.push("c"));
  expect(await outcomes.recordAll()).toBe(false);
  expect(written).toEqual(["a"]);
  down = false;
  expect(await outcomes.recordAll()).toBe(true);
  expect(written).toEqual(["a", "b", "c"]);
});

it("keeps one write per delivery: a later one takes the place of the earlier", async () => {
  const outcomes = createUnrecordedOutcomes(logger);
  const written: string[] = [];
  outcomes.add("a", async () => written.push("release lease"));
  outcomes.add("a", async () => written.push("delivered"));
  expect(await outcomes.recordAll()).toBe(true);
  expect(written).toEqual(["delivered"]);
});
