import { readFileSync } from "node:fs";
import { describe, expect, test, vi } from "vitest";
import { planNames } from "../content/plans.ts";
import { exampleAnswers } from "./fields.ts";
import {
  type FieldName,
  fieldNames,
  fields,
  fieldsByName,
  formattingCharactersMessage,
  invisibleCharactersMessage,
  maxLengths,
  messages,
  onboardingSchema,
  onboardingShape,
  optionLabel,
  resolvePlan,
  textFieldNames,
  validateOnboarding,
} from "./schema.ts";

const valid = exampleAnswers();
const optional = (name: string) => "optional" in fieldsByName[name as FieldName];
/** The fields of docs/product.md's "Rules and messages", in its order. */
const productFields = [
  ...readFileSync("docs/product.md", "utf8")
    .split("## Rules and messages")[1]!
    .split("\n## ")[0]!
    .matchAll(/^\| `(\w+)` +\|/gm),
].map(([, name]) => name);

/** The messages of one field when `value` replaces it in an otherwise valid application. */
function errorsFor(field: FieldName, value: unknown): string[] | undefined {
  const result = validateOnboarding({ ...valid, [field]: value });
  return result.ok ? undefined : result.fieldErrors[field];
}

function accepts(field: FieldName, value: unknown): boolean {
  return validateOnboarding({ ...valid, [field]: value }).ok;
}

describe("the onboarding schema", () => {
  test("has the fields of docs/product.md, in the form's order", () => {
    expect(productFields.length).toBeGreaterThanOrEqual(11);
    expect(fieldNames).toEqual(productFields);
    // fields.ts describes them without zod for the page; the schema checks exactly these.
    expect(Object.keys(onboardingShape)).toEqual(fieldNames);
  });

  test("the typed fields are those that are not choices, each with a maximum length", () => {
    expect(textFieldNames).toEqual(
      fields.filter((field) => !("options" in field)).map((field) => field.name),
    );
    for (const field of textFieldNames) expect(maxLengths[field], field).toBeGreaterThan(0);
  });

  test("accepts a valid application and returns it as typed", () => {
    expect(validateOnboarding(valid)).toEqual({ ok: true, data: valid });
  });

  test("an empty form gets each required field's message (optional fields none)", () => {
    const result = validateOnboarding({
      ...Object.fromEntries(fieldNames.map((field) => [field, ""])),
      selectedPlan: "Creator",
    });
    const required = fieldNames.filter((field) => !optional(field) && field !== "selectedPlan");
    expect(result).toEqual({
      ok: false,
      fieldErrors: Object.fromEntries(required.map((field) => [field, [messages[field]]])),
    });
    // The spec's words for those of docs/product.md (its table pins the others).
    expect(messages).toMatchObject({
      name: "Name must be at least 2 characters",
      email: "Please enter a valid email",
      accountHandle: "Account handle is required",
      accountType: "Please select an account type",
      primaryPlatform: "Please select your primary platform",
      audienceSize: "Please select your audience size",
      contentNiche: "Please describe your content niche",
      goals: "Please describe your goals (at least 10 characters)",
      currentChallenges: "Please describe your challenges (at least 10 characters)",
      selectedPlan: "Please choose one of our plans",
    });
  });

  test("missing fields and non-strings get the same messages as empty ones", () => {
    const result = validateOnboarding({ selectedPlan: "Creator", name: 42, goals: null });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    for (const field of fieldNames.filter((f) => f !== "selectedPlan")) {
      if (optional(field)) expect(result.fieldErrors[field], field).toBeUndefined();
      else expect(result.fieldErrors[field], field).toEqual([messages[field]]);
    }
  });

  test("anything but an object is rejected", () => {
    for (const input of [null, undefined, "text", 42, []]) {
      expect(validateOnboarding(input).ok, String(input)).toBe(false);
    }
  });

  test("unknown keys are dropped from the checked application", () => {
    const result = validateOnboarding({ ...valid, website: "spam", admin: true });
    expect(result.ok && Object.keys(result.data)).toEqual(fieldNames);
  });
});

describe("minimum lengths, at their boundaries", () => {
  test("name: 1 character is too short, 2 are enough", () => {
    expect(errorsFor("name", "A")).toEqual([messages.name]);
    expect(accepts("name", "Al")).toBe(true);
  });

  test("account handle: empty and blank are missing, one character is enough", () => {
    expect(errorsFor("accountHandle", "")).toEqual(["Account handle is required"]);
    expect(errorsFor("accountHandle", " ")).toEqual(["Account handle is required"]);
    expect(accepts("accountHandle", "a")).toBe(true);
  });

  test("content niche: blank is missing, one character is enough", () => {
    expect(errorsFor("contentNiche", "   ")).toEqual(["Please describe your content niche"]);
    expect(accepts("contentNiche", "x")).toBe(true);
  });

  test("goals: 9 characters are too few, 10 are enough", () => {
    expect(errorsFor("goals", "123456789")).toEqual([messages.goals]);
    expect(accepts("goals", "1234567890")).toBe(true);
  });

  test("challenges: 9 characters are too few, 10 are enough", () => {
    expect(errorsFor("currentChallenges", "123456789")).toEqual([messages.currentChallenges]);
    expect(accepts("currentChallenges", "1234567890")).toBe(true);
  });
});

describe("trimming", () => {
  test("strings are trimmed before checking", () => {
    expect(errorsFor("name", "  A  ")).toEqual([messages.name]);
    expect(errorsFor("goals", `   ${"x".repeat(9)}   `)).toEqual([messages.goals]);
    expect(errorsFor("currentChallenges", `\n${"x".repeat(9)}\t`)).toEqual([
      messages.currentChallenges,
    ]);
  });

  test("the checked application is trimmed", () => {
    const result = validateOnboarding({
      ...valid,
      name: "  Maya  ",
      email: " maya@example.com ",
      brandStyle: "  ",
    });
    expect(result.ok && result.data).toMatchObject({
      name: "Maya",
      email: "maya@example.com",
      brandStyle: "",
    });
  });
});

describe("email", () => {
  test.each(["maya@example.com", "first.last+tag@sub.example.co.uk", "a@b.io"])(
    "accepts %s",
    (email) => expect(accepts("email", email)).toBe(true),
  );
  test.each(["", "maya", "maya@", "@example.com", "maya@example", "ma ya@example.com", "a@@b.io"])(
    "rejects %j",
    (email) => expect(errorsFor("email", email)).toEqual(["Please enter a valid email"]),
  );
});

describe("maximum lengths", () => {
  const cases = [
    ["name", "Name must be at most 100 characters"],
    ["accountHandle", "Account handle must be at most 100 characters"],
    ["contentNiche", "Content niche must be at most 200 characters"],
    ["goals", "Goals must be at most 5,000 characters"],
    ["currentChallenges", "Challenges must be at most 5,000 characters"],
    ["brandStyle", "Brand style must be at most 5,000 characters"],
  ] as const;
  test.each(cases)("%s: the limit is accepted, one more gets %j", (field, message) => {
    const limit = maxLengths[field];
    expect(accepts(field, "x".repeat(limit))).toBe(true);
    expect(errorsFor(field, "x".repeat(limit + 1))).toEqual([message]);
  });

  const typed = textFieldNames.filter((field) => !("format" in fieldsByName[field]));
  test.each(typed)("%s (from its descriptor): at most its maximum length", (field) => {
    const limit = maxLengths[field];
    expect(accepts(field, "x".repeat(limit))).toBe(true);
    const [message] = errorsFor(field, "x".repeat(limit + 1)) ?? [];
    expect(message).toMatch(/^[A-Z][\w ]+ must be at most [\d,]+ characters$/);
    expect(message?.replace(/\D/g, "")).toBe(String(limit));
  });

  // The questionnaire loads this module while it hydrates. A locale-aware formatter's first
  // call loads ICU's number data: 22–36 ms of main thread in Chromium, one long task on a phone.
  test("the messages are made without locale-aware number formatting", async () => {
    const localeFormatting = vi.spyOn(Number.prototype, "toLocaleString");
    const numberFormat = vi.spyOn(Intl, "NumberFormat");
    try {
      vi.resetModules();
      const fresh = await import("./schema.ts");
      expect(fresh.maxLengths.goals).toBe(5000);
      expect(localeFormatting).not.toHaveBeenCalled();
      expect(numberFormat).not.toHaveBeenCalled();
    } finally {
      localeFormatting.mockRestore();
      numberFormat.mockRestore();
    }
  });

  test("the limits are 100, 254, 100, 200 and 5,000", () => {
    expect(maxLengths).toMatchObject({
      name: 100,
      email: 254,
      accountHandle: 100,
      contentNiche: 200,
      goals: 5000,
      currentChallenges: 5000,
      brandStyle: 5000,
    });
  });

  test("email: 254 characters are accepted, 255 get their own message", () => {
    const at254 = `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(58)}.io`;
    expect(at254).toHaveLength(254);
    expect(accepts("email", at254)).toBe(true);
    expect(errorsFor("email", `a${at254}`)).toEqual(["Email must be at most 254 characters"]);
  });

  test("the limit applies after trimming", () => {
    expect(accepts("name", ` ${"x".repeat(100)} `)).toBe(true);
  });
});

const codePoint = (character: string) =>
  `U+${character.codePointAt(0)?.toString(16).toUpperCase().padStart(4, "0")}`;

describe("invisible characters", () => {
  const textFields = textFieldNames.filter((field) => !("format" in fieldsByName[field]));
  const forbidden = [
    "\u0000",
    "\u0007",
    "\u000b",
    "\u001b",
    "\u007f",
    "\u0085",
    "\ud800",
    "\udfff",
  ];

  test.each(textFields)("%s: control characters and lone surrogates are refused", (field) => {
    for (const character of forbidden) {
      expect(errorsFor(field, `Quick ${character}recipes, every week`)).toEqual([
        invisibleCharactersMessage,
      ]);
    }
  });

  test.each(textFields)(
    "%s: bidirectional controls and zero-width characters are refused",
    (field) => {
      const formatting = [
        "\u202a",
        "\u202b",
        "\u202c",
        "\u202d",
        "\u202e", // RIGHT-TO-LEFT OVERRIDE: "Refund \u202eelbayap" reads "Refund payable"
        "\u2066",
        "\u2067",
        "\u2068",
        "\u2069",
        "\u200b",
        "\u200c",
        "\u200d",
        "\u200e",
        "\u200f",
        "\ufeff",
      ];
      for (const character of formatting) {
        expect(
          errorsFor(field, `Quick ${character}recipes, every week`),
          codePoint(character),
        ).toEqual([formattingCharactersMessage]);
      }
      // A joiner next to an emoji but not between two of them is no emoji.
      expect(errorsFor(field, "Quick recipes 🎬\u200d every week")).toEqual([
        formattingCharactersMessage,
      ]);
    },
  );

  test("tabs, line breaks, emoji and accents are kept", () => {
    expect(accepts("goals", "Line one\r\nLine two\twith a tab 🎬")).toBe(true);
    expect(accepts("name", "José Núñez 👩‍🍳")).toBe(true);
    expect(accepts("brandStyle", "🎬🎬")).toBe(true); // surrogate pairs, in pairs
    // Emoji made of several joined by U+200D (with skin tones and variation selectors).
    expect(accepts("goals", "Team 👨🏽‍💻 and 🏳️‍🌈 and ❤️‍🔥 and 🏃‍♀️ all week")).toBe(true);
  });
});

describe("choices", () => {
  /** The spec's codes and labels of the account types and platforms, in its order. */
  const specChoices = {
    accountType: {
      personal: "Personal Brand",
      business: "Business/Company",
      influencer: "Influencer",
      creator: "Content Creator",
      agency: "Agency",
    },
    primaryPlatform: {
      instagram: "Instagram",
      tiktok: "TikTok",
      youtube: "YouTube",
      twitter: "Twitter/X",
      linkedin: "LinkedIn",
      multiple: "Multiple Platforms",
    },
  };

  test.each(Object.entries(specChoices))("%s: the spec's codes and labels", (name, labels) => {
    const field = fieldsByName[name as keyof typeof specChoices];
    expect(field.options.map((option) => [option.value, option.label])).toEqual(
      Object.entries(labels),
    );
  });

  test("audience sizes: the spec's codes, shown as '... followers'", () => {
    const audienceSizes = fieldsByName.audienceSize.options;
    expect(audienceSizes.map((option) => option.value)).toEqual([
      "0-1k",
      "1k-10k",
      "10k-50k",
      "50k-100k",
      "100k-500k",
      "500k+",
    ]);
    for (const option of audienceSizes) expect(option.label).toBe(`${option.value} followers`);
  });

  /** Every choice of the form (the plan has its own test below), from its descriptor. */
  const choiceFields = fields.flatMap((field) =>
    "options" in field && field.name !== "selectedPlan"
      ? [[field.name, field.options, messages[field.name] ?? ""] as const]
      : [],
  );

  test.each(choiceFields)("%s accepts every code", (field, options) => {
    for (const option of options) expect(accepts(field, option.value), option.value).toBe(true);
  });

  test.each(choiceFields)(
    "%s rejects empty (unless optional), labels and unknown codes",
    (field, options, message) => {
      const wrong = ["other", options[0].label, options[0].value.toUpperCase(), " "];
      for (const value of optional(field) ? wrong : ["", ...wrong]) {
        expect(errorsFor(field, value), value).toEqual([message]);
      }
    },
  );

  test("the selected plan is one of the three plan names", () => {
    expect(planNames).toEqual(["Creator", "Influencer", "Enterprise"]);
    for (const plan of planNames) expect(accepts("selectedPlan", plan)).toBe(true);
    for (const plan of ["", "creator", "Pro", undefined]) {
      expect(errorsFor("selectedPlan", plan), String(plan)).toEqual([
        "Please choose one of our plans",
      ]);
    }
  });

  test.each(fields.filter((field) => "optional" in field).map((field) => field.name))(
    "%s is optional: absent or blank becomes empty",
    (field) => {
      const { [field]: _, ...without } = valid;
      const result = onboardingSchema.safeParse(without);
      expect(result.success && result.data[field]).toBe("");
      expect(accepts(field, "")).toBe(true);
    },
  );

  test("option labels for emails and exports", () => {
    expect(optionLabel("accountType", "business")).toBe("Business/Company");
    expect(optionLabel("primaryPlatform", "twitter")).toBe("Twitter/X");
    expect(optionLabel("audienceSize", "500k+")).toBe("500k+ followers");
    expect(optionLabel("audienceSize", "unknown")).toBe("unknown");
  });
});

describe("resolvePlan", () => {
  test.each([
    ["Creator", "Creator"],
    ["Influencer", "Influencer"],
    ["Enterprise", "Enterprise"],
    ["influencer", "Influencer"],
    ["ENTERPRISE", "Enterprise"],
    [" Influencer ", "Influencer"],
    ["Pro", "Creator"],
    ["", "Creator"],
    [null, "Creator"],
    [undefined, "Creator"],
  ])("%j → %s", (value, plan) => expect(resolvePlan(value)).toBe(plan));
});
