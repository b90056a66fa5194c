import type { Logger } from "../logger.ts";

/**
 * Errors nothing caught outside any request (a timer's, a stray promise's) end the process, as
 * Node ends it, but as one fatal JSON line of the log instead of a stack on stderr. `logger()`
 * is the logger of the moment: a default one until the server has read its configuration.
 */
export function logProcessErrors(logger: () => Logger): void {
  process.on("uncaughtException", (error) => {
    logger().fatal({ err: error }, "uncaught exception: stopping");
    process.exit(1);
  });
  process.on("unhandledRejection", (reason) => {
    logger().fatal({ err: reason }, "unhandled promise rejection: stopping");
    process.exit(1);
  });
}

/** Why the server could not start, as the one line it writes before it exits. */
export function startFailed(logger: Logger, error: unknown): never {
  const why = error instanceof Error ? error.message : String(error);
  logger.fatal({ err: error }, `the server could not start: ${why}`);
  process.exit(1);
}
