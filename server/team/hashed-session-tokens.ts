import type { BetterAuthOptions } from "@better-auth/core";
import type { DBAdapter, DBTransactionAdapter, Where } from "@better-auth/core/db/adapter";
import { hashToken } from "./link-token.ts";

type Adapter = DBAdapter<BetterAuthOptions>;
type Rows = Map<string, string>;

const isSession = (model: string) => model === "session" || model === "team_sessions";

/**
 * better-auth's database adapter with session tokens stored as their SHA-256 (link-token.ts):
 * someone who reads the database (a backup, the file) finds no token that signs anyone in, even
 * with the cookie-signing secret kept beside it. better-auth 1.7 has no option for it (it looks
 * sessions up by the token as sent), so this wraps the adapter: every token better-auth gives
 * (a new session's, a lookup's, an update's or delete's) is hashed on the way down, and a row
 * coming back carries the token it was asked for. A row found without its token (a list of a
 * member's sessions) carries the hash, which looks nothing up: no hash is ever taken as a
 * token. See docs/decisions/0058.
 */
export function withHashedSessionTokens(
  inner: (options: BetterAuthOptions) => Adapter,
): (options: BetterAuthOptions) => Adapter {
  return (options) => wrap(inner(options)) as Adapter;
}

function wrap<A extends DBTransactionAdapter<BetterAuthOptions>>(adapter: A): A {
  const wrapped = {
    ...adapter,
    async create(data) {
      if (!isSession(data.model) || typeof data.data.token !== "string")
        return adapter.create(data);
      const tokens: Rows = new Map([[hashToken(data.data.token), data.data.token]]);
      const created = await adapter.create({
        ...data,
        data: { ...data.data, token: hashToken(data.data.token) },
      });
      return restore(created, tokens);
    },
    async findOne(data) {
      if (!isSession(data.model)) return adapter.findOne(data);
      const [where, tokens] = hashed(data.where);
      return restore(await adapter.findOne({ ...data, where }), tokens);
    },
    async findMany(data) {
      if (!isSession(data.model) || !data.where) return adapter.findMany(data);
      const [where, tokens] = hashed(data.where);
      const rows = await adapter.findMany({ ...data, where });
      return rows.map((row) => restore(row, tokens));
    },
    async count(data) {
      if (!isSession(data.model) || !data.where) return adapter.count(data);
      return adapter.count({ ...data, where: hashed(data.where)[0] });
    },
    async update(data) {
      if (!isSession(data.model)) return adapter.update(data);
      const [where, tokens] = hashed(data.where);
      return restore(
        await adapter.update({ ...data, where, update: hashedUpdate(data.update) }),
        tokens,
      );
    },
    async updateMany(data) {
      if (!isSession(data.model)) return adapter.updateMany(data);
      return adapter.updateMany({
        ...data,
        where: hashed(data.where)[0],
        update: hashedUpdate(data.update),
      });
    },
    async delete(data) {
      if (!isSession(data.model)) return adapter.delete(data);
      return adapter.delete({ ...data, where: hashed(data.where)[0] });
    },
    async deleteMany(data) {
      if (!isSession(data.model)) return adapter.deleteMany(data);
      return adapter.deleteMany({ ...data, where: hashed(data.where)[0] });
    },
    async consumeOne(data) {
      if (!isSession(data.model)) return adapter.consumeOne(data);
      const [where, tokens] = hashed(data.where);
      return restore(await adapter.consumeOne({ ...data, where }), tokens);
    },
    async incrementOne(data) {
      if (!isSession(data.model)) return adapter.incrementOne(data);
      const [where, tokens] = hashed(data.where);
      return restore(
        await adapter.incrementOne({ ...data, where, set: data.set && hashedUpdate(data.set) }),
        tokens,
      );
    },
  } as A;
  if ("transaction" in adapter && typeof adapter.transaction === "function") {
    const transaction = adapter.transaction as Adapter["transaction"];
    (wrapped as unknown as Adapter).transaction = (callback) =>
      transaction((trx) => callback(wrap(trx)));
  }
  return wrapped;
}

/** The where clause with each token hashed; and which hash stands for which token. */
function hashed(where: Where[]): [Where[], Rows] {
  const tokens: Rows = new Map();
  const hash = (value: unknown) => {
    if (typeof value !== "string") throw new Error("a session token must be a string");
    const digest = hashToken(value);
    tokens.set(digest, value);
    return digest;
  };
  const clauses = where.map((clause) => {
    if (clause.field !== "token") return clause;
    const operator = clause.operator ?? "eq";
    if (operator === "eq" || operator === "ne") return { ...clause, value: hash(clause.value) };
    if ((operator === "in" || operator === "not_in") && Array.isArray(clause.value)) {
      return { ...clause, value: (clause.value as string[]).map(hash) };
    }
    // A token is looked up whole: a prefix or a range of hashes would mean nothing.
    throw new Error(`session tokens cannot be compared with ${operator}`);
  });
  return [clauses, tokens];
}

function hashedUpdate<T extends Record<string, unknown>>(update: T): T {
  return typeof update.token === "string" ? { ...update, token: hashToken(update.token) } : update;
}

/** A row as better-auth expects it: the token it was asked for in place of its hash. */
function restore<T>(row: T, tokens: Rows): T {
  if (!row || typeof row !== "object") return row;
  const token = (row as { token?: unknown }).token;
  if (typeof token !== "string" || !tokens.has(token)) return row;
  return { ...row, token: tokens.get(token) };
}
