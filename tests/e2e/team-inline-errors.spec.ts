import type { Locator } from "@playwright/test";
import { withAndWithoutJavaScript } from "./helpers/javascript";
import { expect, test } from "./helpers/page-health";
import { makeAdmin, memberAddress, signIn, teamOrigin } from "./helpers/team";

// The team's forms say what is wrong beneath the field, styled as sign-in's (a rose line tied
// to the field by aria-describedby, the field aria-invalid), never with the browser's grey
// bubble: each form is `noValidate`, so an empty or malformed value reaches the server, which
// answers with the page and the message. Settings (profile, add a member); Unmatched in
// team-unmatched.spec.ts.

/** The field is marked invalid and described by the message beneath it. */
async function saysBeneath(field: Locator, message: string) {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(new RegExp(message.replace(/\./g, "\\.")));
  const id = (await field.getAttribute("aria-describedby"))?.split(" ").at(-1) ?? "";
  await expect(field.page().locator(`[id="${id}"]`)).toHaveText(message);
  await expect(field.page().locator(`[id="${id}"]`)).toHaveClass(/text-rose-300/);
}

withAndWithoutJavaScript(() => {
  test("settings say what is wrong beneath the field, without the browser's bubble", async ({
    page,
    health,
  }, testInfo) => {
    health.allow(/status of 400/); // the refused values, on purpose
    const email = memberAddress(testInfo.title, testInfo.project.name);
    await signIn(page, email);
    await makeAdmin(email);
    await page.goto(`${teamOrigin}/team/settings`);

    const profile = page.getByRole("region", { name: "Your profile" });
    await expect(profile.locator("form[novalidate]")).toHaveCount(1);
    await profile.getByLabel("Display name").fill("");
    await profile.getByRole("button", { name: "Save profile" }).click();
    await saysBeneath(profile.getByLabel("Display name"), "Please fill this in.");

    const add = page.getByRole("form", { name: "Add a member" });
    await expect(add).toHaveAttribute("novalidate", "");
    await add.getByLabel("Email").fill("not-an-address");
    await add.getByRole("button", { name: "Add member" }).click();
    await saysBeneath(
      page.getByRole("form", { name: "Add a member" }).getByLabel("Email"),
      "Please enter a valid email.",
    );
  });
});
