import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { questionCopies, questionnaire } from "../content/questionnaire.ts";
import { type FieldName, fieldNames, fields, fieldsByName } from "./fields.ts";

describe("the fields' descriptors", () => {
  test("names and stable keys are unique; keys are snake_case words", () => {
    expect(new Set(fieldNames).size).toBe(fields.length);
    expect(new Set(fields.map((field) => field.key)).size).toBe(fields.length);
    for (const field of fields) expect(field.key, field.name).toMatch(/^[a-z][a-z0-9_]*$/);
  });

  test("a field is a choice (options) or typed (a maximum length), never both", () => {
    for (const field of fields) {
      expect("options" in field !== "maxLength" in field, field.name).toBe(true);
    }
  });

  test("every question has its copy, in the descriptors' order; typed ones a short name", () => {
    const questions = fields.filter((field) => field.control.kind !== "plan");
    expect(questionCopies.map((copy) => copy.name)).toEqual(questions.map((field) => field.name));
    for (const copy of questionCopies) {
      const field = fieldsByName[copy.name as FieldName];
      if ("maxLength" in field) expect(copy.shortName, copy.name).toBeTruthy();
      // A rule that can fail says why: every choice, every required field.
      if ("options" in field || !("optional" in field))
        expect(copy.message, copy.name).toBeTruthy();
    }
    expect(questionnaire.planMessage).toBeTruthy();
  });

  // decision 0027: /onboarding renders and hydrates from fields.ts; zod comes later, with the
  // schema. What fields.ts imports (and they import) must not be zod.
  test("fields.ts and what it imports load no zod", () => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const source = readFileSync(file, "utf8");
      for (const [, from] of source.matchAll(/^import\s[^"]*"([^"]+)";/gm)) {
        expect(from, `${file} imports ${from}`).not.toMatch(/^zod/);
        if (from?.startsWith(".")) visit(path.resolve(path.dirname(file), from));
      }
    };
    visit(path.resolve("app/shared/fields.ts"));
    expect(seen.size).toBeGreaterThan(1);
  });
});

/**
 * docs/contributing.md, "A question in the questionnaire": a field is its descriptor, its copy
 * and its migration. Anywhere else in the product, a field is only named for a purpose of that
 * field alone (below, with why); the rest of the product reads the descriptors.
 */
describe("a field is known only where the recipe says", () => {
  /** The recipe's files: the descriptor, the copy, the migrations. */
  const recipe = [
    /^app\/shared\/fields\.ts$/,
    /^app\/content\/questionnaire\.ts$/,
    /^server\/db\/migrations\//,
  ];
  /** The applicant's name and address and the plan are the product's own: known everywhere. */
  const core = new Set(["name", "email", "selectedPlan"]);
  /** A field named for what the product does with that field in particular. */
  const purposes: Record<string, Record<string, string>> = {
    accountHandle: {
      "server/db/applications/inbox.ts": "the inbox searches it (index of 0003)",
      "server/db/applications/search-text.ts": "the inbox searches it (index of 0003)",
      "server/delivery/chat/notice.ts": "the chat message announces it",
    },
    contentNiche: {
      "server/db/applications/inbox.ts": "the inbox searches it (index of 0003)",
      "server/db/applications/search-text.ts": "the inbox searches it (index of 0003)",
    },
    primaryPlatform: {
      "server/db/applications/inbox.ts": "a column of the inbox's list",
      "app/shared/inbox-port.ts": "a column of the inbox's list",
      "app/routes/team.inbox.tsx": "a column of the inbox's list",
      "server/delivery/chat/notice.ts": "the chat message's summary",
    },
    audienceSize: {
      "server/db/applications/inbox.ts": "a column of the inbox's list",
      "app/shared/inbox-port.ts": "a column of the inbox's list",
      "app/routes/team.inbox.tsx": "a column of the inbox's list",
      "server/delivery/chat/notice.ts": "the chat message's summary",
    },
  };

  /** The product's code: app/, server/, scripts/, without tests and test helpers. */
  function productFiles(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory())
        return file === path.join("server", "test") ? [] : productFiles(file);
      return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
    });
  }
  const files = ["app", "server", "scripts"].flatMap(productFiles).map((file) => ({
    file: file.split(path.sep).join("/"),
    source: readFileSync(file, "utf8"),
  }));
  const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
  /** Where `name` (or its column, snake_case) is written: as a word, quoted, or a property. */
  const mentions = (source: string, name: string) =>
    [name, snake(name)].some((word) =>
      /[A-Z_]/.test(word)
        ? new RegExp(`(?<![\\w-])${word}(?![\\w-])`).test(source)
        : new RegExp(`["'\`.]${word}\\b|\\b${word}\\??:`).test(source),
    );

  test("the scan sees the product's files and the descriptors", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(
      files.filter(({ source }) => mentions(source, "brandStyle")).map(({ file }) => file),
    ).toContain("app/shared/fields.ts");
  });

  test.each(fieldNames.filter((name) => !core.has(name)))(
    "%s: in the descriptor, the copy, the migrations, and its own purposes only",
    (name) => {
      const known = files
        .filter(({ file, source }) => mentions(source, name) && !recipe.some((re) => re.test(file)))
        .map(({ file }) => file);
      expect(known.sort()).toEqual(Object.keys(purposes[name] ?? {}).sort());
    },
  );
});
