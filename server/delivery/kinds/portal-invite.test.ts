import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { findApplication } from "../../db/applications/reads.ts";
import { onDemandDeliveryInsert } from "../../db/deliveries/on-demand.ts";
import { personRemoval } from "../../db/portal/client-people.ts";
import { signInTokenState } from "../../db/portal/client-sessions.ts";
import { hashPortalToken, portalLinkLifetimeMs } from "../../mail/portal-links.ts";
import { describeEachBackend, migratedDatabase } from "../../test/backends.ts";
import { recordingMailer } from "../../test/delivery-worker.ts";
import { clientPeople, clientWithRequest } from "../../test/portal.ts";
import { portalInviteKind } from "./portal-invite.ts";
import { kindRegistry } from "./registry.ts";

describeEachBackend("the portal invite on $name", (backend) => {
  /** An invited application as "Invite to the portal" stores it: client, person, delivery. */
  async function invited() {
    const { database, dataDir } = await migratedDatabase(backend);
    const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_SITE_URL: "https://reelsmith.example" });
    const { applicationId, clientId } = await clientWithRequest(database, {
      email: "ada@example.com",
      name: "Ada",
    });
    const [personId] = await clientPeople(database, clientId, ["ada@example.com"]);
    await database.write(
      onDemandDeliveryInsert(database.db, {
        id: randomUUID(),
        applicationId,
        kind: portalInviteKind.name,
        now: Date.now(),
      }),
    );
    const found = await findApplication(database, applicationId);
    const delivery = found?.deliveries.find((one) => one.kind === "portal_invite");
    if (!found || !delivery) throw new Error("no delivery");
    const { mailer, sent } = recordingMailer();
    const job = { delivery, application: found.application };
    return { database, job, context: { config, mailer, database }, sent, clientId, personId };
  }

  it("emails the applicant a link to the portal that works for 48 hours, its token stored hashed", async () => {
    const { database, job, context, sent } = await invited();
    expect(kindRegistry.named("portal_invite")).toBe(portalInviteKind);
    expect(await portalInviteKind.skipReason(job, context)).toBeUndefined();
    const before = Date.now();
    await portalInviteKind.send(job, context);
    expect(sent.map((mail) => [mail.to, mail.subject])).toEqual([
      ["ada@example.com", "Your Reelsmith client space is ready"],
    ]);
    const token = String(sent[0]?.text).match(
      /https:\/\/reelsmith\.example\/portal\/sign-in\/link\?token=([A-Za-z0-9_-]{43})/,
    )?.[1];
    if (!token) throw new Error(`no link in ${sent[0]?.text}`);
    expect(String(sent[0]?.html)).toContain(`/portal/sign-in/link?token=${token}`);
    const rows = await database.db.selectFrom("clientSignInTokens").selectAll().execute();
    expect(rows.map((row) => row.tokenHash)).toEqual([hashPortalToken(token)]);
    const expiresAt = Number(rows[0]?.expiresAt);
    expect(expiresAt - before).toBeGreaterThanOrEqual(portalLinkLifetimeMs.invite);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(portalLinkLifetimeMs.invite);
    expect(await signInTokenState(database, hashPortalToken(token), Date.now())).toEqual({
      state: "valid",
      email: "ada@example.com",
    });
  });

  it("is skipped, and never sent, once the applicant is no longer one of the client's people", async () => {
    const { database, job, context, sent, clientId, personId } = await invited();
    await database.writeTransaction(personRemoval(database.db, clientId, personId));
    expect(await portalInviteKind.skipReason(job, context)).toBe(
      "the applicant is no longer one of the client's people",
    );
    await expect(portalInviteKind.send(job, context)).rejects.toThrow("removed");
    expect(sent).toEqual([]);
  });
});
