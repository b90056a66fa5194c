/**
 * `npm run bench:sign-in`: does the sign-in request tell members from anyone else by its time?
 * The built server (server/serve.ts, `npm run build` first) in a child process with one
 * member; `BENCH_SIGN_IN_RUNS` (200) requests for a link each, for the member's address and for
 * a stranger's, in turns, 30 ms apart (each alone: a member's link, made after the answer, is
 * done before the next request), posted as the form without JavaScript posts it. Prints the median and
 * the 90th percentile of each and their difference; never passes or fails on them (goal: the
 * difference within the noise, a member's link being made after the answer has gone).
 */
import { loadConfig } from "../server/config.ts";
import { openMigratedDatabase } from "../server/db/database.ts";
import { addMember } from "../server/db/members.ts";
import { startChildServer } from "./child-server.ts";

const runs = Number(process.env.BENCH_SIGN_IN_RUNS ?? 200);
const pauseMs = 30;
const member = "maya@reelsmith.example";
const stranger = "nobody@elsewhere.example";

const server = await startChildServer({
  TEAM_LINK_LIMIT_PER_ADDRESS: "1000000",
  TEAM_LINK_LIMIT_PER_IP: "1000000",
  PUBLIC_SITE_URL: "http://localhost:3000",
});
try {
  const database = await openMigratedDatabase(loadConfig({ DATA_DIR: server.dataDir }));
  await addMember(database, member);
  await database.close();

  const ask = async (email: string) => {
    const started = performance.now();
    const answer = await fetch(`${server.url}/team/sign-in`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: server.url,
      },
      body: new URLSearchParams({ email }),
    });
    const answered = performance.now() - started; // the answer's status and headers
    await answer.arrayBuffer();
    if (answer.status !== 200) throw new Error(`sign-in answered ${answer.status}`);
    return answered;
  };
  // Each request alone: the one before it (and a member's link job after it) is done.
  const alone = async (email: string) => {
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
    return ask(email);
  };
  for (let i = 0; i < 20; i++) await alone(i % 2 ? member : stranger); // warm-up
  const times = { member: [] as number[], stranger: [] as number[] };
  for (let i = 0; i < runs; i++) {
    times.member.push(await alone(member));
    times.stranger.push(await alone(stranger));
  }
  const percentile = (values: number[], p: number) =>
    [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ??
    0;
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  console.log(`sign-in request, ${runs} each, in turns (this machine, shared):`);
  for (const [who, values] of Object.entries(times)) {
    console.log(
      `  ${who.padEnd(8)} median ${ms(percentile(values, 0.5))}  p90 ${ms(percentile(values, 0.9))}`,
    );
  }
  console.log(
    `  member − stranger: median ${ms(percentile(times.member, 0.5) - percentile(times.stranger, 0.5))}`,
  );
} finally {
  await server.stop();
}
