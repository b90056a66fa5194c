/**
 * `npm run bench:insights`: `/` with counting on against off (needs a build), then the
 * Insights page's queries at a year of traffic on SQLite and PostgreSQL. BENCH_ONLY=home or
 * BENCH_ONLY=queries runs one part. Prints figures; never passes or fails on them (goals: on
 * at least 90 % of off; each report under 100 ms).
 */
import path from "node:path";
import { benchHomeCounting } from "./home-counting.ts";
import { benchInsightsQueries } from "./insights-queries.ts";

const only = process.env.BENCH_ONLY;
if (only !== "queries") await benchHomeCounting(path.resolve(import.meta.dirname, ".."));
if (only !== "home") await benchInsightsQueries();
