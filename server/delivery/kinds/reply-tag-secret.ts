import type { DatabaseHandle } from "../../db/database.ts";
import { sharedSecret } from "../../db/settings.ts";

/**
 * The secret of the reply addresses' tags and of our Message-IDs' tags (the setting
 * `reply_tag_secret`), read once per database (every instance shares it).
 */
const secrets = new WeakMap<object, Promise<string>>();

export function replyTagSecret(database: DatabaseHandle | undefined): Promise<string> {
  if (!database) throw new Error("this kind needs the database (the secret of its tags)");
  let secret = secrets.get(database.db);
  if (!secret) {
    secret = sharedSecret(database.db, "reply_tag_secret");
    secret.catch(() => secrets.delete(database.db));
    secrets.set(database.db, secret);
  }
  return secret;
}
