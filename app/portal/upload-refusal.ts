import { portal } from "~/content/portal";
import { fill } from "~/shared/text";

const copy = portal.client.request.refused;

/**
 * What a person reads when an upload stops for good, from the status of the server's last
 * answer (undefined: no answer, the connection dropped and the retries ran out). Always words
 * of the copy: the server's own body is never shown.
 */
export function refusalText(status: number | undefined, name: string, percent: number): string {
  const values = { name, percent };
  if (status === 413) return fill(copy.overQuota, values);
  if (status === 429) return fill(copy.tooManyOpen, values);
  if (status === 404 || status === 410) return fill(copy.requestGone, values);
  if (status === 401) return fill(copy.signedOut, values);
  if (status !== undefined && status >= 400 && status < 500) return fill(copy.refused, values);
  return fill(copy.connection, values);
}
