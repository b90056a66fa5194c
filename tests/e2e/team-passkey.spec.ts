import { expect, test } from "./helpers/page-health";
import { memberAddress, signIn, teamOrigin } from "./helpers/team";

// Behaviour once, at 1440 px: the phone project (390 px) runs the team pages' axe checks.
test.skip(({ isMobile }) => isMobile, "desktop only");

// Passkeys with Chromium's virtual authenticator (DevTools protocol), at PUBLIC_SITE_URL
// (http://localhost:PORT): the relying party is its host, the origin its origin.
test("a member adds a passkey, then signs in with it", async ({ page }, testInfo) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const email = memberAddress(testInfo.title, testInfo.project.name);
  await signIn(page, email);

  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByText("Passkey added. Next time, sign in with it.")).toBeVisible();
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]).toMatchObject({ rpId: "localhost", isResidentCredential: true });

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByText("You are signed out.")).toBeVisible();
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(`${teamOrigin}/team`);
  await expect(page.getByRole("heading", { level: 1, name: "Applications" })).toBeVisible();
  // The top bar names them (their display name, their address as its title).
  await expect(page.getByTitle(email)).toBeVisible();
});
