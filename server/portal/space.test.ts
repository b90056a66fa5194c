import { expect, it } from "vitest";
import { describeEachBackend, migratedDatabase } from "../test/backends.ts";
import { storedRequest, teamVersion } from "../test/portal.ts";
import { signedInClient } from "../test/portal-session.ts";
import { requestPage } from "./request-page.ts";
import { clientSpace } from "./space.ts";

describeEachBackend("where each request stands, on $name", (backend) => {
  it("lists each request with its latest version's state: none, in review, changes asked, approved; another client's versions count for nothing", async () => {
    const { database } = await migratedDatabase(backend);
    const ana = await signedInClient(database, "ana");
    const bob = await signedInClient(database, "bob");
    const owner = (requestId: string) => ({ clientId: ana.clientId, requestId });
    const reviewing = await storedRequest(database, ana.clientId, "Reviewing");
    const changes = await storedRequest(database, ana.clientId, "Changes");
    const approved = await storedRequest(database, ana.clientId, "Approved");
    // A later version undecided: in review again, whatever the first one's decision was.
    await teamVersion(database, owner(reviewing), { number: 1, decision: "changes" });
    await teamVersion(database, owner(reviewing), { number: 2 });
    await teamVersion(database, owner(changes), { number: 1, decision: "changes" });
    await teamVersion(database, owner(approved), { number: 1, decision: "approved" });
    await teamVersion(
      database,
      { clientId: bob.clientId, requestId: bob.requestId },
      {
        number: 1,
        decision: "approved",
      },
    );

    const space = await clientSpace(
      database,
      { id: ana.clientId, name: "ana", plan: "Creator" },
      Date.now(),
    );
    expect(
      Object.fromEntries(space.requests.map((request) => [request.title, request.state])),
    ).toEqual({
      "ana's first video": "edit",
      Reviewing: "review",
      Changes: "changes",
      Approved: "approved",
    });
    const page = await requestPage(
      database,
      async () => 0,
      { clientId: ana.clientId, plan: "Creator", previews: false },
      reviewing,
      Date.now(),
    );
    expect(page?.request.state).toBe("review");
    const bobs = await clientSpace(
      database,
      { id: bob.clientId, name: "bob", plan: "Creator" },
      Date.now(),
    );
    expect(bobs.requests.map((request) => request.state)).toEqual(["approved"]);
  });
});
