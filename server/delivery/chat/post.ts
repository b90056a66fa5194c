import { classifyError, DeliveryError, httpFailure } from "../error-class.ts";

/** How long a chat service has to answer (connect, send, answer). */
export const chatTimeoutMs = 10_000;
/** The most of an answer read (error codes are short; a message object is small). */
const maxAnswerBytes = 4096;

/**
 * POSTs `payload` as JSON with plain fetch; resolves with the answer's text on a 2xx, throws a
 * DeliveryError otherwise. Redirects are not followed. Messages never contain the URL (its path
 * is the webhook's secret), only the service, the status and the service's short error code.
 */
export async function postJson(
  url: string,
  payload: unknown,
  options: { service: string; timeoutMs?: number },
): Promise<string> {
  const { service } = options;
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json; charset=utf-8" },
      body: JSON.stringify(payload),
      redirect: "manual",
      signal: AbortSignal.timeout(options.timeoutMs ?? chatTimeoutMs),
    });
    const answer = await readText(response, maxAnswerBytes);
    if (response.status < 200 || response.status > 299) {
      throw httpFailure(service, response.status, errorDetail(answer));
    }
    return answer;
  } catch (error) {
    if (error instanceof DeliveryError) throw error;
    const errorClass = classifyError(error);
    throw new DeliveryError(`${service} could not be reached (${errorClass})`, errorClass);
  }
}

/** At most `limit` bytes of the body, as text (the rest is not downloaded). */
async function readText(response: Response, limit: number): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < limit) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  await reader.cancel().catch(() => {});
  return new TextDecoder().decode(Buffer.concat(chunks).subarray(0, limit));
}

/**
 * The service's error code, for the log and the delivery's last error: Slack answers a word
 * (`invalid_blocks`), Discord JSON (`{"message": "Invalid Form Body", "code": 50035}`).
 * Only word characters survive: an answer never carries what we sent.
 */
function errorDetail(answer: string): string {
  let detail = answer;
  try {
    const json = JSON.parse(answer) as { message?: unknown; code?: unknown; error?: unknown };
    const parts = [json.message ?? json.error, json.code].filter(
      (part) => typeof part === "string" || typeof part === "number",
    );
    if (parts.length > 0) detail = parts.join(" ");
  } catch {}
  return detail
    .replace(/[^\w .-]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 80);
}
