import type { BetterAuthOptions } from "@better-auth/core";
import type { DBAdapter } from "@better-auth/core/db/adapter";
import { expect, it } from "vitest";
import { withHashedSessionTokens } from "./hashed-session-tokens.ts";
import { hashToken } from "./link-token.ts";

/** An adapter that records what it is asked and answers with the rows it holds. */
function recording(rows: Record<string, unknown>[]) {
  const calls: unknown[] = [];
  const answer = async (data: unknown) => {
    calls.push(data);
    return rows;
  };
  const adapter = {
    id: "fake",
    findMany: answer,
    findOne: async (data: unknown) => (await answer(data))[0] ?? null,
    deleteMany: async (data: unknown) => {
      calls.push(data);
      return 1;
    },
  } as unknown as DBAdapter<BetterAuthOptions>;
  return { calls, adapter: withHashedSessionTokens(() => adapter)({} as BetterAuthOptions) };
}

it("hashes every session token given, gives back the token asked for, never takes a hash as a token", async () => {
  const stored = { id: "s1", token: hashToken("raw-token"), userId: "u1" };
  const { calls, adapter } = recording([stored]);
  expect(
    await adapter.findOne({ model: "session", where: [{ field: "token", value: "raw-token" }] }),
  ).toEqual({ ...stored, token: "raw-token" });
  // A member's sessions, found by member: their hashes, which look nothing up.
  expect(
    await adapter.findMany({ model: "session", where: [{ field: "userId", value: "u1" }] }),
  ).toEqual([stored]);
  await adapter.deleteMany({
    model: "session",
    where: [{ field: "token", operator: "in", value: ["a", stored.token] }],
  });
  expect(calls.at(-1)).toMatchObject({
    where: [{ value: [hashToken("a"), hashToken(stored.token)] }],
  });
  // Other tables pass as they are.
  await adapter.findOne({ model: "verification", where: [{ field: "token", value: "raw" }] });
  expect(calls.at(-1)).toMatchObject({ where: [{ value: "raw" }] });
  for (const operator of ["contains", "starts_with", "lt"] as const) {
    await expect(
      adapter.findOne({ model: "session", where: [{ field: "token", operator, value: "r" }] }),
    ).rejects.toThrow(`session tokens cannot be compared with ${operator}`);
  }
});
