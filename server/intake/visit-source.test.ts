import { expect, it } from "vitest";
import { beaconPath } from "#app/shared/paths.ts";
import { describeEachBackend } from "../test/backends.ts";
import { beaconTokenFor } from "../test/beacon-token.ts";
import { validApplication } from "../test/fixtures.ts";
import { serverOn } from "../test/server.ts";

const browser = (name: string) =>
  `Mozilla/5.0 (X11; Linux x86_64) ${name} Chrome/142.0.0.0 Safari/537.36`;

describeEachBackend("the source of an application ($name)", (backend) => {
  it("is the visit it came from, looked up as the visitor was counted; else not known", async () => {
    const { server, database } = await serverOn(backend);
    const maya = browser("Maya");
    // The token of the page served to Maya (no build here: made as the server makes it).
    const token = await beaconTokenFor(database, server.config, {
      ip: "127.0.0.1",
      userAgent: maya,
      host: new URL(server.url).host,
    });
    const seen = await fetch(`${server.url}${beaconPath}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.url, "User-Agent": maya },
      body: JSON.stringify({
        type: "view",
        path: "/onboarding?plan=Influencer&utm_source=newsletter&utm_medium=email&utm_campaign=spring",
        referrer: "https://www.news.example/story",
        token,
      }),
    });
    expect(seen.status).toBe(204);
    const applied = await server.submit(validApplication(), { "User-Agent": maya });
    const stranger = await server.submit(validApplication({ email: "dre@example.com" }), {
      "User-Agent": browser("Dre"),
    });
    const ids = [(await applied.json()).id, (await stranger.json()).id];
    const rows = await database.db
      .selectFrom("submissions")
      .select([
        "id",
        "visitSource",
        "visitMedium",
        "visitCampaign",
        "visitReferrer",
        "visitLandingPage",
      ])
      .where("id", "in", ids)
      .execute();
    expect(rows.find((row) => row.id === ids[0])).toEqual({
      id: ids[0],
      visitSource: "newsletter",
      visitMedium: "email",
      visitCampaign: "spring",
      visitReferrer: "news.example",
      visitLandingPage: "/onboarding",
    });
    expect(rows.find((row) => row.id === ids[1])).toMatchObject({
      visitSource: null,
      visitLandingPage: null,
    });
    await server.stop();
    const visitors = await database.db.selectFrom("visitors").selectAll().execute();
    // Maya applied; the stranger, never counted, made no visitor.
    expect(visitors).toEqual([
      expect.objectContaining({ plan: "Influencer", applied: 1, pages: 1, source: "newsletter" }),
    ]);
  });
});
