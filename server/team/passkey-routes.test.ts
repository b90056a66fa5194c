import { describe, expect, it, onTestFinished } from "vitest";
import { startTestServer } from "../test/server.ts";

// The passkey ceremonies write (a challenge row per call), and two of them answer anyone: each
// client IP gets TEAM_AUTH_LIMIT_PER_IP calls every 15 minutes, then 429, nothing written.
describe("/team/auth/* per client IP", () => {
  it("answers 429 with Retry-After beyond the limit and writes nothing more", async () => {
    const server = await startTestServer({ TEAM_AUTH_LIMIT_PER_IP: "5" });
    onTestFinished(() => server.stop());
    const origin = new URL(server.url).origin;
    const options = (headers: Record<string, string> = {}) =>
      fetch(`${server.url}/team/auth/passkey/generate-authenticate-options`, { headers });
    const rows = async () => {
      const database = server.openDatabase();
      try {
        return (await database.db.selectFrom("teamVerifications").select("id").execute()).length;
      } finally {
        await database.close();
      }
    };

    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await options()).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expect(await rows()).toBe(5);

    // An attacker's tricks: another X-Forwarded-For (no trusted proxy here), another endpoint.
    const tricks: Record<string, string>[] = [
      {},
      { "X-Forwarded-For": "203.0.113.9" },
      { "X-Real-IP": "10.1.1.1" },
    ];
    for (const headers of tricks) {
      const refused = await options(headers);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await refused.json()).toEqual({ error: "rate_limited" });
    }
    const verify = await fetch(`${server.url}/team/auth/passkey/verify-authentication`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: origin },
      body: JSON.stringify({ response: {} }),
    });
    expect(verify.status).toBe(429);
    const register = await fetch(`${server.url}/team/auth/passkey/generate-register-options`);
    expect(register.status).toBe(429);
    expect(await rows()).toBe(5);
  });
});
