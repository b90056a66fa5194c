// `node server/serve.ts`: serves whatever BUILD_DIR holds, without building first (no build:
// the intake API, /healthz and the static routes run, the pages answer 500). For API-only
// instances (the reliability suite's child processes) and for `npm start` after its build check.
// Stops cleanly on SIGTERM/SIGINT: in-flight requests are answered, queued writes committed.
import { flushCompileCache, turnOnCompileCache } from "./process/compile-cache.ts";

// Node's compile cache before the modules it caches (decision 0060); written to disk once the
// server listens, so a process that is killed rather than stopped still leaves it.
turnOnCompileCache();
// React picks its production or development build when first imported: decide that first.
process.env.NODE_ENV ??= "production";
const { startServer } = await import("./composition-root.ts");
const { createLogger } = await import("./logger.ts");
const { logProcessErrors, startFailed } = await import("./process/process-errors.ts");

// Anything that goes wrong is a JSON line of the log, from the very start (the configuration
// is not read yet: the default level), then the server's own logger.
let logger = createLogger({ LOG_LEVEL: "info" });
logProcessErrors(() => logger);
const server = await startServer().catch((error: unknown) => startFailed(logger, error));
logger = server.logger;
flushCompileCache();
// Started by a parent process (the benchmarks): tell it where we listen.
process.send?.({ url: server.url });
let stopping = false;
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    server.logger.info({ signal }, "stopping");
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await server.stop();
    server.logger.info("stopped");
    process.exit(0);
  });
}
