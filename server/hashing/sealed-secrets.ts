import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";

/** Seals the secrets the database keeps for a while, with a key it never holds. */
export interface Sealer {
  /** AES-256-GCM of `secret` under the sealing key, bound to `label` (say, the day). */
  seal(label: string, secret: string): string;
  /** The secret back; throws when it was sealed under another key or label, or altered. */
  open(label: string, sealed: string): string;
}

const ivBytes = 12;
const tagBytes = 16;

/**
 * A sealer whose key is derived from the hashing key (HMAC-SHA256 with a purpose of its own):
 * what is sealed is kept in the database, so every instance holding the key reads it, and a
 * backup holds only ciphertext. `base64url(iv ‖ ciphertext ‖ tag)`, the label as associated data.
 */
export function createSealer(hashingKey: string, purpose: string): Sealer {
  const key = createHmac("sha256", hashingKey).update(`sealing:${purpose}`).digest();
  return {
    seal(label, secret) {
      const iv = randomBytes(ivBytes);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      cipher.setAAD(Buffer.from(label));
      const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
      return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString("base64url");
    },
    open(label, text) {
      const bytes = Buffer.from(text, "base64url");
      if (bytes.length < ivBytes + tagBytes) throw new Error("not a sealed secret");
      const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, ivBytes));
      decipher.setAAD(Buffer.from(label));
      decipher.setAuthTag(bytes.subarray(bytes.length - tagBytes));
      const body = bytes.subarray(ivBytes, bytes.length - tagBytes);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
    },
  };
}
