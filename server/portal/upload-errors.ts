import { portalUploads } from "#app/content/portal-uploads.ts";
import type { Logger } from "../logger.ts";

/**
 * tus's `onResponseError` for /portal/uploads: its own refusals and ours (an object with a
 * `status_code`) go out as they are; any other error (the database's, a file system's) is
 * logged and answered 500 in words, never with its message (tus would append it to the body).
 */
export function answerOwnFailures(logger: Logger) {
  return (request: Request, error: Error | { status_code: number; body: string }) => {
    if ("status_code" in error && typeof error.status_code === "number") return undefined;
    logger.error({ err: error, method: request.method }, "upload request failed");
    return { status_code: 500, body: `${portalUploads.failed}\n` };
  };
}
