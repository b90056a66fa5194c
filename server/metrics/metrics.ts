import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { DeliveryBacklog } from "../db/deliveries/backlog.ts";

/**
 * The figures /metrics shows (Prometheus text format, prom-client), in a registry of this
 * server's own: counters count what THIS instance did; the backlog gauges are read from the
 * shared database at scrape time, so every instance reports the same, true outbox.
 */
export function createMetrics(deps: {
  backlog: () => Promise<DeliveryBacklog>;
  /** Every kind of delivery (the registry's names): each gauge shows all of them, 0 or more. */
  kinds: readonly string[];
  /** Genuine applications unanswered past their due time, from the database (all instances). */
  overdue?: () => Promise<number>;
}) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const applicationsAccepted = new Counter({
    name: "reelsmith_applications_accepted_total",
    help: "Applications answered 200 by this instance (form and JSON API; repeats of a key too).",
    registers,
  });
  const applicationsRefused = new Counter({
    name: "reelsmith_applications_refused_total",
    help: "Applications refused by this instance, by reason (the API's error code).",
    labelNames: ["reason"],
    registers,
  });
  const deliveriesAttempted = new Counter({
    name: "reelsmith_deliveries_attempted_total",
    help: "Delivery attempts made by this instance, by kind and outcome (delivered, retry, failed).",
    labelNames: ["kind", "outcome"],
    registers,
  });
  const httpRequests = new Counter({
    name: "reelsmith_http_requests_total",
    help: "HTTP requests answered by this instance, by route, method and status.",
    labelNames: ["route", "method", "status"],
    registers,
  });
  const httpDuration = new Histogram({
    name: "reelsmith_http_request_duration_seconds",
    help: "Time from a request's arrival to its answer's headers, by route and method.",
    labelNames: ["route", "method"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });

  const firstResponse = new Histogram({
    name: "reelsmith_first_response_seconds",
    help: "Time from an application's arrival to its first response, recorded by this instance.",
    // Minutes to days, around the 24-hour promise.
    buckets: [300, 900, 1800, 3600, 7200, 14_400, 28_800, 43_200, 86_400, 172_800, 604_800],
    registers,
  });
  new Gauge({
    name: "reelsmith_applications_overdue",
    help: "Genuine applications unanswered past their due time (read from the database).",
    registers,
    async collect() {
      this.reset();
      const value = await deps.overdue?.().catch(() => undefined);
      if (value !== undefined) this.set(value);
    },
  });

  // Each gauge asks; deps.backlog runs the query once for all of them (cachedBacklog).
  const backlog = () => deps.backlog().catch(() => undefined);
  const byKind = (status: "pending" | "failed", help: string) =>
    new Gauge({
      name: `reelsmith_deliveries_${status}`,
      help,
      labelNames: ["kind"],
      registers,
      async collect() {
        const value = await backlog();
        this.reset();
        if (!value) return;
        for (const kind of deps.kinds) this.set({ kind }, value[status][kind] ?? 0);
      },
    });
  byKind("pending", "Deliveries waiting to be sent (all instances: read from the database).");
  byKind("failed", "Deliveries that failed for good, until retried (read from the database).");
  new Gauge({
    name: "reelsmith_deliveries_oldest_pending_age_seconds",
    help: "Age of the oldest delivery still waiting to be sent; 0 when none is (database).",
    registers,
    async collect() {
      const value = await backlog();
      this.reset();
      if (value) this.set(value.oldestPendingSeconds);
    },
  });
  new Gauge({
    name: "reelsmith_database_up",
    help: "1 when this instance could read the delivery backlog from the database at scrape time.",
    registers,
    async collect() {
      this.set((await backlog()) ? 1 : 0);
    },
  });

  return {
    registry,
    applicationAccepted: () => applicationsAccepted.inc(),
    applicationRefused: (reason: string) => applicationsRefused.inc({ reason }),
    deliveryAttempted: (kind: string, outcome: string) =>
      deliveriesAttempted.inc({ kind, outcome }),
    firstResponse: (seconds: number) => firstResponse.observe(seconds),
    httpAnswered: (labels: { route: string; method: string; status: number }, seconds: number) => {
      httpRequests.inc({ ...labels, status: String(labels.status) });
      httpDuration.observe({ route: labels.route, method: labels.method }, seconds);
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
