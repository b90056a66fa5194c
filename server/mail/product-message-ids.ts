import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The Message-IDs of the emails the product sends about an application, each carrying proof
 * that we made it: `<uuid.tag.kind@domain of MAIL_FROM>`, the tag an HMAC of the uuid and the
 * kind under the secret of the reply addresses (`settings.reply_tag_secret`). The uuid is the
 * application's for the team's email and the applicant's confirmation (`team`,
 * `confirmation`), the message's row for a reply from the inbox (`reply`). A reply that
 * answers one of them (In-Reply-To, References) proves it saw our email; a bare id (the
 * application's id is no secret: the intake answers it) proves nothing (decision 0063).
 */
export type TaggedKind = "team" | "confirmation" | "reply";

const tagLength = 16;
const uuid = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

function messageTag(secret: string, id: string, kind: TaggedKind): string {
  return createHmac("sha256", secret)
    .update(`message:${kind}:${id.toLowerCase()}`)
    .digest("base64url")
    .slice(0, tagLength)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "0");
}

/** Our Message-ID for `id`'s email of `kind`: the same every time (a resend is recognisable). */
export function taggedMessageId(
  secret: string,
  id: string,
  kind: TaggedKind,
  domain: string,
): string {
  return `<${id.toLowerCase()}.${messageTag(secret, id, kind)}.${kind}@${domain.toLowerCase()}>`;
}

const tagged = new RegExp(
  `^<?(${uuid})\\.([a-z0-9]{${tagLength}})\\.(team|confirmation|reply)@([^\\s<>@]+)>?$`,
);

/**
 * What a Message-ID of ours names, when its tag is right and it is of `domain`: the uuid and
 * the kind. Undefined for anything else: a forged or altered tag, an untagged id, a stranger's.
 */
export function provenMessageId(
  secret: string,
  messageId: string,
  domain: string,
): { id: string; kind: TaggedKind } | undefined {
  const match = tagged.exec(messageId.trim().toLowerCase());
  if (!match || match[4] !== domain.toLowerCase()) return undefined;
  const [, id = "", tag = "", kind = ""] = match;
  const expected = Buffer.from(messageTag(secret, id, kind as TaggedKind));
  const given = Buffer.from(tag);
  return expected.length === given.length && timingSafeEqual(expected, given)
    ? { id, kind: kind as TaggedKind }
    : undefined;
}

/**
 * Every form of Message-ID the product gives its own emails (tagged or not, of every kind:
 * replies, the team's email, confirmations, notices, reminders, alerts): a message that comes
 * in under one of them is ours coming back, never the applicant's.
 */
const ours = new RegExp(
  `^<?${uuid}(?:\\.[a-z0-9]{${tagLength}})?\\.(?:team|confirmation|reply|reply-notice|reminder|missed|alert)@([^\\s<>@]+)>?$`,
);

export function isOwnMessageId(messageId: string, domain: string): boolean {
  const match = ours.exec(messageId.trim().toLowerCase());
  return match !== null && match[1] === domain.toLowerCase();
}
