import pino from "pino";
import type { Config } from "./config.ts";

export type Logger = pino.Logger;

/** JSON lines on stdout. Never log what an applicant wrote: ids and counts only. */
export function createLogger(config: Pick<Config, "LOG_LEVEL">): Logger {
  return pino({
    level: config.LOG_LEVEL,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  });
}
