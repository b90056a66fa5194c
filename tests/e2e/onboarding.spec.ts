import AxeBuilder from "@axe-core/playwright";
import { animationRun } from "./helpers/page-health.ts";
import { applicationColumn } from "./helpers/stored";
import {
  answers,
  emptyFormMessages,
  expect,
  expectedBody,
  fillForm,
  hydrated,
  interceptIntake,
  openForm,
  phoneOnly,
  questionsInOrder,
  send,
  submitButton,
  test,
  toast,
} from "./onboarding-page";

// The questionnaire (docs/product.md, docs/intake-api.md), in a real Chromium against the built
// server. The intake endpoint is intercepted where a test needs to see or shape its answer.

test.describe("the page", () => {
  test("is server-rendered with the heading, the plan and the way back", async ({
    page,
    request,
  }) => {
    const html = await (await request.get("/onboarding?plan=Influencer")).text();
    expect(html).toContain("Welcome to Your Growth Journey!");
    expect(html).toMatch(/Selected Plan:(<!-- -->)? <strong[^>]*>Influencer<\/strong>/);

    await page.goto("/onboarding?plan=Influencer");
    await expect(
      page.getByRole("heading", { level: 1, name: "Welcome to Your Growth Journey!" }),
    ).toBeVisible();
    await expect(page.getByText("Selected Plan: Influencer")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Let's Get to Know You" })).toBeVisible();
    for (const section of [
      "Personal Information",
      "Account Information",
      "Platform & Audience",
      "Content & Strategy",
    ]) {
      await expect(page.getByRole("group", { name: section })).toBeVisible();
    }
    await expect(
      page.getByText("Our team will review your application and reach out within 24 hours."),
    ).toBeVisible();
    await page.getByRole("link", { name: "Back to Plans" }).click();
    await expect(page).toHaveURL("/");
  });

  test("has the spec's ten fields with proper controls, hints and autocomplete", async ({
    page,
  }) => {
    await page.goto("/onboarding");
    const field = (label: string) => page.getByLabel(label, { exact: true });
    await expect(field("Full Name")).toHaveAttribute("autocomplete", "name");
    await expect(field("Email Address")).toHaveAttribute("type", "email");
    await expect(field("Email Address")).toHaveAttribute("autocomplete", "email");
    await expect(field("Account Handle")).toHaveAccessibleDescription(
      "Your main social media handle",
    );
    await expect(field("Content Niche")).toHaveAccessibleDescription(
      "What type of content do you create?",
    );
    for (const label of ["Account Type", "Primary Platform", "Current Audience Size"]) {
      await expect(page.getByRole("combobox", { name: label, exact: true })).toBeVisible();
    }
    for (const label of [
      "Your Goals",
      "Current Challenges",
      "Brand Style & Preferences (Optional)",
    ]) {
      await expect(field(label)).toHaveJSProperty("tagName", "TEXTAREA");
    }
    await expect(field("Account Type").locator("option")).toHaveText([
      "Select your account type",
      "Personal Brand",
      "Business/Company",
      "Influencer",
      "Content Creator",
      "Agency",
    ]);
    await expect(field("Primary Platform").locator("option")).toHaveText([
      "Select your primary platform",
      "Instagram",
      "TikTok",
      "YouTube",
      "Twitter/X",
      "LinkedIn",
      "Multiple Platforms",
    ]);
    await expect(field("Current Audience Size").locator("option")).toHaveText([
      "Select your audience size",
      "0-1k followers",
      "1k-10k followers",
      "10k-50k followers",
      "50k-100k followers",
      "100k-500k followers",
      "500k+ followers",
    ]);
    const controls = page.locator(
      'form :is(input:not([type="hidden"]):not([name="website"]), select, textarea)',
    );
    await expect(controls).toHaveCount(questionsInOrder.length);
  });

  test("the heading shows at once; the card fades in after 600 ms", async ({ page }) => {
    await page.goto("/onboarding");
    const heading = page.getByRole("heading", { level: 1 });
    expect(await heading.evaluate((el) => getComputedStyle(el).animationName)).toBe("none");
    expect(await heading.evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
    const card = page.locator("section", { has: page.getByText("Let's Get to Know You") });
    expect(await animationRun(card)).toEqual({
      name: "fade-up",
      delay: 600,
      fromOpacity: "0",
      endOpacity: "1",
    });
  });

  test("with reduced motion the card is simply there", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/onboarding");
    const card = page.locator("section", { has: page.getByText("Let's Get to Know You") });
    expect(await card.evaluate((el) => getComputedStyle(el).animationName)).toBe("none");
    expect(await card.evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
  });

  test("scrolls to the top on load", async ({ page }) => {
    await openForm(page, "/onboarding");
    await page.evaluate(() => window.scrollTo({ top: 1e6, behavior: "instant" }));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await page.reload(); // the browser and React Router would restore the position
    await hydrated(page);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe("the plan", () => {
  phoneOnly();
  for (const [query, plan] of [
    ["Creator", "Creator"],
    ["Influencer", "Influencer"],
    ["Enterprise", "Enterprise"],
    ["influencer", "Influencer"],
    ["enterprise", "Enterprise"],
  ]) {
    test(`?plan=${query} is shown and sent as ${plan}`, async ({ page }) => {
      const requests = await interceptIntake(page);
      await openForm(page, `/onboarding?plan=${query}`);
      await expect(page.getByText(`Selected Plan: ${plan}`)).toBeVisible();
      await fillForm(page);
      await submitButton(page).click();
      await expect(page).toHaveURL("/thank-you");
      expect(requests).toHaveLength(1);
      expect(requests[0]!.postDataJSON().selectedPlan).toBe(plan);
    });
  }

  for (const path of ["/onboarding", "/onboarding?plan=Platinum", "/onboarding?plan="]) {
    test(`${path} selects Creator`, async ({ page }) => {
      await openForm(page, path);
      await expect(page.getByText("Selected Plan: Creator")).toBeVisible();
    });
  }
});

test.describe("validation", () => {
  test("an empty submit shows all nine messages, focuses the first field and sends nothing", async ({
    page,
  }) => {
    const requests = await interceptIntake(page);
    await openForm(page, "/onboarding");
    await submitButton(page).click();
    for (const message of emptyFormMessages) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.locator('[id$="-error"]')).toHaveCount(emptyFormMessages.length);
    await expect(page.getByLabel("Full Name", { exact: true })).toBeFocused();
    // Each message is tied to its field.
    await expect(page.getByLabel("Full Name", { exact: true })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    await expect(page.getByLabel("Full Name", { exact: true })).toHaveAccessibleDescription(
      "Name must be at least 2 characters",
    );
    await expect(page.getByLabel("Account Handle", { exact: true })).toHaveAccessibleDescription(
      "Your main social media handle Account handle is required",
    );
    await expect(
      page.getByLabel("Brand Style & Preferences (Optional)", { exact: true }),
    ).not.toHaveAttribute("aria-invalid", "true");
    await page.waitForTimeout(300);
    expect(requests).toHaveLength(0);
    await expect(page).toHaveURL("/onboarding");
  });

  // The rest of the rules, at the phone's width only: what the first test shows at both.
  test.describe(() => {
    phoneOnly();

    test("focus goes to the first invalid field in the form's order", async ({ page }) => {
      await openForm(page, "/onboarding");
      await fillForm(page, { "Your Goals": "too short" });
      await page.getByLabel("Account Type", { exact: true }).selectOption("");
      await submitButton(page).click();
      await expect(page.getByLabel("Account Type", { exact: true })).toBeFocused();
      await expect(page.locator('[id$="-error"]')).toHaveText([
        "Please select an account type",
        "Please describe your goals (at least 10 characters)",
      ]);
    });

    test("after a submit, messages follow the typing in the fields shown invalid", async ({
      page,
    }) => {
      await openForm(page, "/onboarding");
      await submitButton(page).click();
      // The messages are shown once the schema is in (loaded on the first answer or the submit).
      await expect(page.getByText("Name must be at least 2 characters")).toBeVisible();
      const name = page.getByLabel("Full Name", { exact: true });
      await name.fill("Maya");
      await expect(page.getByText("Name must be at least 2 characters")).toHaveCount(0);
      await expect(name).not.toHaveAttribute("aria-invalid", "true");
      await name.fill("M");
      await expect(page.getByText("Name must be at least 2 characters")).toBeVisible();
      await page.getByLabel("Account Type", { exact: true }).selectOption({ label: "Agency" });
      await expect(page.getByText("Please select an account type")).toHaveCount(0);
    });

    const boundaries = [
      ["Full Name", "A", "Al", "Name must be at least 2 characters"],
      [
        "Your Goals",
        "123456789",
        "1234567890",
        "Please describe your goals (at least 10 characters)",
      ],
      [
        "Current Challenges",
        "123456789",
        "1234567890",
        "Please describe your challenges (at least 10 characters)",
      ],
      ["Account Handle", " ", "a", "Account handle is required"],
      ["Account Handle", "", "a", "Account handle is required"],
      ["Email Address", "maya@example", "maya@example.co", "Please enter a valid email"],
    ] as const;
    for (const [label, invalid, valid, message] of boundaries) {
      test(`${label}: ${JSON.stringify(invalid)} is refused, ${JSON.stringify(valid)} accepted`, async ({
        page,
      }) => {
        const requests = await interceptIntake(page);
        await openForm(page, "/onboarding");
        await fillForm(page, { [label]: invalid });
        await submitButton(page).click();
        await expect(page.locator('[id$="-error"]')).toHaveText([message]);
        expect(requests).toHaveLength(0);
        await page.getByLabel(label, { exact: true }).fill(valid);
        await expect(page.locator('[id$="-error"]')).toHaveCount(0);
        await submitButton(page).click();
        await expect(page).toHaveURL("/thank-you");
        expect(requests).toHaveLength(1);
      });
    }

    test("values are trimmed and over-long answers get their own message", async ({ page }) => {
      const requests = await interceptIntake(page);
      await openForm(page, "/onboarding");
      await fillForm(page, { "Full Name": "x".repeat(101) });
      await submitButton(page).click();
      await expect(page.getByText("Name must be at most 100 characters")).toBeVisible();
      await page.getByLabel("Full Name", { exact: true }).fill("   Maya Lopez   ");
      await submitButton(page).click();
      await expect(page).toHaveURL("/thank-you");
      expect(requests[0]!.postDataJSON().name).toBe("Maya Lopez");
    });
  });
});

test.describe("submitting", () => {
  phoneOnly();
  test("sends exactly the eleven fields as JSON with an idempotency key; success toast", async ({
    page,
  }) => {
    const requests = await interceptIntake(page);
    await openForm(page, "/onboarding?plan=Enterprise");
    await fillForm(page);
    await submitButton(page).click();
    await expect(page).toHaveURL("/thank-you");
    await expect(toast(page, "Success!")).toContainText("Your submission has been received.");
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();

    expect(requests).toHaveLength(1);
    const request = requests[0]!;
    expect(request.method()).toBe("POST");
    expect(new URL(request.url()).pathname).toBe("/functions/v1/send-onboarding-email");
    expect(request.headers()["content-type"]).toBe("application/json");
    expect(request.headers()["idempotency-key"]).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
    const body = request.postDataJSON();
    expect(Object.keys(body)).toEqual(Object.keys(expectedBody("Enterprise")));
    expect(body).toEqual(expectedBody("Enterprise"));
  });

  test("an empty brand style is sent as an empty string", async ({ page }) => {
    const requests = await interceptIntake(page);
    await openForm(page, "/onboarding");
    await fillForm(page, { "Brand Style & Preferences (Optional)": "" });
    await submitButton(page).click();
    await expect(page).toHaveURL("/thank-you");
    expect(requests[0]!.postDataJSON()).toEqual({ ...expectedBody("Creator"), brandStyle: "" });
  });

  test("the hidden honeypot is sent only when something filled it in", async ({ page }) => {
    const requests = await interceptIntake(page);
    await openForm(page, "/onboarding");
    await expect(page.locator('input[name="website"]')).toHaveAttribute("tabindex", "-1");
    await fillForm(page);
    await page.locator('input[name="website"]').fill("https://spam.example", { force: true });
    await submitButton(page).click();
    await expect(page).toHaveURL("/thank-you");
    expect(requests[0]!.postDataJSON()).toEqual({
      ...expectedBody("Creator"),
      website: "https://spam.example",
    });
  });

  test("while sending: Processing..., disabled, and a double click sends once", async ({
    page,
  }) => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const requests = await interceptIntake(page, async (route) => {
      await released;
      await route.fulfill({ status: 200, json: { ok: true } });
    });
    await openForm(page, "/onboarding");
    await fillForm(page);
    await submitButton(page).dblclick();
    await expect(submitButton(page)).toHaveText("Processing...");
    await expect(submitButton(page)).toBeDisabled();
    await page.getByLabel("Full Name", { exact: true }).press("Enter");
    await page.waitForTimeout(300);
    expect(requests).toHaveLength(1);
    release();
    await expect(page).toHaveURL("/thank-you");
    await expect(toast(page, "Success!")).toBeVisible();
    expect(requests).toHaveLength(1);
  });

  test("a 500 answer: console error, neutral toast, thank-you page", async ({ page, health }) => {
    health.allow(/status of 500/);
    health.allow(/Onboarding submission failed: Error: HTTP 500/);
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await interceptIntake(page, (route) =>
      route.fulfill({ status: 500, json: { ok: false, error: "internal_error" } }),
    );
    await openForm(page, "/onboarding");
    await fillForm(page);
    await submitButton(page).click();
    await expect(page).toHaveURL("/thank-you");
    await expect(toast(page, "Submitted")).toContainText("We'll be in touch soon!");
    await expect(toast(page, "Success!")).toHaveCount(0);
    expect(errors.join("\n")).toContain("Onboarding submission failed: Error: HTTP 500");
  });

  test("a network failure: console error, neutral toast, thank-you page", async ({
    page,
    health,
  }) => {
    health.allow(/net::ERR_FAILED|Failed to load resource/);
    health.allow(/Onboarding submission failed: TypeError/);
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await interceptIntake(page, (route) => route.abort("failed"));
    await openForm(page, "/onboarding");
    await fillForm(page);
    await submitButton(page).click();
    await expect(page).toHaveURL("/thank-you");
    await expect(toast(page, "Submitted")).toContainText("We'll be in touch soon!");
    expect(errors.join("\n")).toContain("Onboarding submission failed: TypeError");
  });
});

test.describe("the draft", () => {
  phoneOnly();
  test("is restored after a reload, with the plan from the URL winning", async ({ page }) => {
    const requests = await interceptIntake(page);
    await openForm(page, "/onboarding?plan=Influencer");
    await page.getByLabel("Full Name", { exact: true }).fill("Maya Lopez");
    await page.getByLabel("Email Address", { exact: true }).fill("maya@example.com");
    await page.getByLabel("Primary Platform", { exact: true }).selectOption({ label: "TikTok" });
    await page.getByLabel("Your Goals", { exact: true }).fill("Reach 100k followers");
    await expect(page.getByText("Draft saved on this device")).toBeVisible();

    await openForm(page, "/onboarding?plan=Enterprise");
    await expect(page.getByText("Selected Plan: Enterprise")).toBeVisible();
    await expect(page.getByLabel("Full Name", { exact: true })).toHaveValue("Maya Lopez");
    await expect(page.getByLabel("Email Address", { exact: true })).toHaveValue("maya@example.com");
    await expect(page.getByLabel("Primary Platform", { exact: true })).toHaveValue("tiktok");
    await expect(page.getByLabel("Your Goals", { exact: true })).toHaveValue(
      "Reach 100k followers",
    );
    await expect(page.getByLabel("Account Handle", { exact: true })).toHaveValue("");

    // Completed and sent: the draft is gone.
    await fillForm(page);
    await submitButton(page).click();
    await expect(page).toHaveURL("/thank-you");
    expect(requests[0]!.postDataJSON().selectedPlan).toBe("Enterprise");
    await openForm(page, "/onboarding");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForTimeout(300);
    await expect(page.getByLabel("Full Name", { exact: true })).toHaveValue("");
    expect(
      await page.evaluate(() => localStorage.getItem("reelsmith:onboarding-draft:v1")),
    ).toBeNull();
  });

  test("keeps only the form's own fields", async ({ page }) => {
    await openForm(page, "/onboarding?plan=Enterprise");
    await fillForm(page);
    const { selectedPlan: _, ...typed } = expectedBody("Enterprise");
    await expect
      .poll(() =>
        page.evaluate(() =>
          JSON.parse(localStorage.getItem("reelsmith:onboarding-draft:v1") ?? "{}"),
        ),
      )
      .toEqual(typed);
    await expect(page.getByText("Draft saved on this device")).toBeVisible();
  });

  test("survives a failed send, so nothing typed is lost", async ({ page, health }) => {
    health.allow(/status of 503|Onboarding submission failed/);
    await interceptIntake(page, (route) => route.fulfill({ status: 503, json: { ok: false } }));
    await openForm(page, "/onboarding");
    await fillForm(page);
    await submitButton(page).click();
    await expect(page).toHaveURL("/thank-you");
    await openForm(page, "/onboarding");
    await expect(page.getByLabel("Full Name", { exact: true })).toHaveValue("Maya Lopez");
    await expect(page.getByLabel("Current Audience Size", { exact: true })).toHaveValue(
      expectedBody("Creator").audienceSize ?? "",
    );
  });
});

test.describe("a page whose later files are gone (a new release, a dropped network)", () => {
  phoneOnly();
  test("posts the form itself and the application arrives", async ({ page, health }) => {
    health.allow(/ERR_FAILED|dynamically imported module/);
    await openForm(page, "/onboarding?plan=Creator");
    // From here on no script can be fetched: the schema and the toaster, loaded on the first
    // answer, fail as they would once a release has replaced this page's files.
    await page.route("**/*.js", (route) => route.abort());
    const email = `gone-${Date.now()}@example.com`;
    await fillForm(page, { "Email Address": email });
    const response = await send(page);
    // Not the intake endpoint: the form's own POST, as without JavaScript.
    expect(new URL(response.url()).pathname).toBe("/onboarding");
    expect(response.status()).toBe(302);
    await expect(page).toHaveURL("/thank-you");
    expect(await applicationColumn(email, "selectedPlan", "email")).toBe("Creator");
  });
});

test.describe("accessibility", () => {
  // One axe run per test: an analysis of this page takes 10-17 s of CPU on a loaded machine,
  // and two of them in one test ran past its 30 s (once in 800 runs).
  test("no axe violations on the empty form", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await openForm(page, "/onboarding");
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  });

  test("no axe violations with the messages shown", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await openForm(page, "/onboarding");
    await submitButton(page).click();
    await expect(page.locator('[id$="-error"]')).toHaveCount(emptyFormMessages.length);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  });

  test("the whole form can be completed with the keyboard alone", async ({ page }) => {
    const requests = await interceptIntake(page);
    await openForm(page, "/onboarding?plan=Influencer");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute("name"));
    await page.keyboard.press("Tab"); // Back to Plans
    await expect(page.getByRole("link", { name: "Back to Plans" })).toBeFocused();
    // Every question of the form in its order (app/shared/fields.ts), typed into from the keys.
    for (const question of questionsInOrder) {
      await page.keyboard.press("Tab");
      expect(await focused()).toBe(question.name);
      await page.keyboard.type(question.typed);
    }
    await page.keyboard.press("Tab");
    await expect(submitButton(page)).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/thank-you");
    expect(requests[0]!.postDataJSON()).toEqual(expectedBody("Influencer"));
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an invalid form comes back with the messages beneath the fields and the values kept", async ({
    page,
    health,
  }) => {
    health.allow(/status of 400/); // the answer's status, as Chromium logs it
    await page.goto("/onboarding?plan=Enterprise");
    await page.getByLabel("Full Name", { exact: true }).fill("M");
    await page.getByLabel("Email Address", { exact: true }).fill("maya@example.com");
    await page
      .getByLabel("Account Type", { exact: true })
      .selectOption({ label: answers.select["Account Type"] ?? "" });
    await page.getByLabel("Your Goals", { exact: true }).fill("too short");
    const response = await send(page);
    expect(response.status()).toBe(400);
    await expect(page.getByRole("alert")).toHaveText("Please check the fields marked below.");
    // Every required question's message but those of the two answered well (email, type).
    await expect(page.locator('[id$="-error"]')).toHaveText(
      emptyFormMessages.filter(
        (message) =>
          message !== "Please enter a valid email" && message !== "Please select an account type",
      ),
    );
    await expect(page.getByLabel("Full Name", { exact: true })).toHaveValue("M");
    await expect(page.getByLabel("Full Name", { exact: true })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    await expect(page.getByLabel("Email Address", { exact: true })).toHaveValue("maya@example.com");
    await expect(page.getByLabel("Account Type", { exact: true })).toHaveValue(
      expectedBody("Creator").accountType ?? "",
    );
    await expect(page.getByLabel("Your Goals", { exact: true })).toHaveValue("too short");
    await expect(page.getByText("Selected Plan: Enterprise")).toBeVisible();
  });

  // Needs the intake service wired into the server (the intake issue): the answers are stored.
  test("a valid form is taken and leads to the thank-you page", async ({ page }) => {
    await page.goto("/onboarding?plan=Influencer");
    await fillForm(page, { "Email Address": `nojs-${Date.now()}@example.com` });
    const response = await send(page);
    expect(response.status()).toBe(302);
    await expect(page).toHaveURL("/thank-you");
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
  });
});
