/**
 * The Message-IDs the product gives the emails it sends on its own about an application (see
 * server/delivery/messages.ts, `messageId`): `<application id>.team@<domain of MAIL_FROM>` and
 * `<application id>.confirmation@…`. A reply to one of them (its In-Reply-To or References)
 * names its application.
 */
const pattern =
  /^<?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(?:team|confirmation)@([^\s<>@]+)>?$/i;

/** The application a Message-ID of ours names, when it is one of ours (`domain`'s). */
export function applicationOfMessageId(messageId: string, domain: string): string | undefined {
  const match = pattern.exec(messageId.trim());
  if (!match || match[2]?.toLowerCase() !== domain.toLowerCase()) return undefined;
  return match[1]?.toLowerCase();
}
