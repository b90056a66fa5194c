/**
 * Why a delivery attempt failed, in a few words an operator can act on: stored with the
 * delivery, named in alerts, never the message itself (which may quote what was sent).
 */
export const errorClasses = [
  "unreachable",
  "timeout",
  "dns",
  "tls",
  "smtp_auth",
  "smtp_refused",
  "http_4xx",
  "http_429",
  "http_5xx",
  "http_other",
  "not_configured",
  "unknown_kind",
  "submission_missing",
  "other",
] as const;
export type ErrorClass = (typeof errorClasses)[number];

/** A failed attempt whose class the sender knows; `permanent`: retrying cannot help. */
export class DeliveryError extends Error {
  override name = "DeliveryError";
  readonly errorClass: ErrorClass;
  readonly permanent: boolean;
  constructor(message: string, errorClass: ErrorClass, options: { permanent?: boolean } = {}) {
    super(message);
    this.errorClass = errorClass;
    this.permanent = options.permanent ?? false;
  }
}

/** The class of an HTTP status that is not a success; 4xx other than 408/425/429 is final. */
export function httpFailure(service: string, status: number, detail = ""): DeliveryError {
  const errorClass: ErrorClass =
    status === 429
      ? "http_429"
      : status >= 500
        ? "http_5xx"
        : status >= 400
          ? "http_4xx"
          : "http_other";
  const permanent = errorClass === "http_4xx" && status !== 408 && status !== 425;
  return new DeliveryError(
    `${service} answered ${status}${detail ? ` (${detail})` : ""}`,
    errorClass,
    {
      permanent,
    },
  );
}

const byCode: Record<string, ErrorClass> = {
  ECONNREFUSED: "unreachable",
  ECONNRESET: "unreachable",
  EHOSTUNREACH: "unreachable",
  ENETUNREACH: "unreachable",
  EPIPE: "unreachable",
  ECONNECTION: "unreachable",
  ESOCKET: "unreachable",
  UND_ERR_SOCKET: "unreachable",
  ETIMEDOUT: "timeout",
  UND_ERR_CONNECT_TIMEOUT: "timeout",
  UND_ERR_HEADERS_TIMEOUT: "timeout",
  UND_ERR_BODY_TIMEOUT: "timeout",
  ENOTFOUND: "dns",
  EAI_AGAIN: "dns",
  EDNS: "dns",
  ETLS: "tls",
  CERT_HAS_EXPIRED: "tls",
  DEPTH_ZERO_SELF_SIGNED_CERT: "tls",
  SELF_SIGNED_CERT_IN_CHAIN: "tls",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "tls",
  ERR_TLS_CERT_ALTNAME_INVALID: "tls",
  EAUTH: "smtp_auth",
  ENOAUTH: "smtp_auth",
  EENVELOPE: "smtp_refused",
  EMESSAGE: "smtp_refused",
};

/** The class of any error a sender threw (nodemailer's, fetch's, ours). */
export function classifyError(error: unknown): ErrorClass {
  if (error instanceof DeliveryError) return error.errorClass;
  if (!(error instanceof Error)) return "other";
  if (error.name === "TimeoutError" || error.name === "AbortError") return "timeout";
  const code = stringProperty(error, "code");
  // fetch() throws "fetch failed" with the network error as its cause.
  const causeCode = stringProperty(error.cause, "code");
  const known = (code && byCode[code]) || (causeCode && byCode[causeCode]);
  if (known) return known;
  const responseCode = (error as { responseCode?: unknown }).responseCode;
  if (typeof responseCode === "number" && responseCode >= 400) return "smtp_refused";
  const status = /\banswered (\d{3})\b/.exec(error.message)?.[1];
  if (status) return httpFailure("", Number(status)).errorClass;
  if (/not found/i.test(error.message) && /submission/i.test(error.message)) {
    return "submission_missing";
  }
  if (/is not set/.test(error.message)) return "not_configured";
  return "other";
}

/** True when the error says that trying again cannot succeed (the receiver refused for good). */
export function isPermanent(error: unknown): boolean {
  return error instanceof DeliveryError && error.permanent;
}

function stringProperty(value: unknown, key: string): string | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const property = (value as Record<string, unknown>)[key];
  return typeof property === "string" ? property : undefined;
}
