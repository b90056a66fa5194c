import type { SecureHeadersVariables } from "hono/secure-headers";

/** What every request carries through the app: the security headers' nonce, the request id. */
export type AppEnv = {
  Variables: SecureHeadersVariables & {
    requestId: string;
    /** The answer's stream failed after its headers went (the access line says so). */
    answerFailed?: boolean;
  };
};
