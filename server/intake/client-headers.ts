/**
 * The request headers the intake's CORS preflight allows an allowed origin to send: ours
 * (`Content-Type`, `Idempotency-Key`), and every header the hosted backend's JavaScript client
 * (`@supabase/supabase-js`) sends with `supabase.functions.invoke`, so that a site moved off
 * the hosted backend keeps its client code. The POST reads none of the client's headers,
 * except `apikey` and `Authorization` when INTAKE_API_KEY is set (./api-key.ts).
 *
 * client-headers.test.ts fails when the client sends a header this list lacks: the package's
 * own list (`@supabase/supabase-js/cors`) and what `functions.invoke` really sends.
 */
export const hostedClientHeaders = [
  "authorization", // the key, or a signed-in user's token, as a Bearer token
  "apikey", // the key
  "x-client-info", // the client's name and version
  "content-type",
  "x-region", // functions.invoke with a region (not in the package's list)
  "x-retry-count", // retried requests
  "traceparent", // with tracePropagation (W3C trace context)
  "tracestate",
  "baggage",
] as const;

/** What the preflight answers in Access-Control-Allow-Headers (lower case; names are case-blind). */
export const intakeAllowedHeaders: readonly string[] = [
  ...new Set(["content-type", "idempotency-key", ...hostedClientHeaders]),
];
