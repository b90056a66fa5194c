/**
 * Decision 0078: the entity is an "application" in code; "submission" is left only to what
 * names SQL (the table `submissions`, the column `submission_id`, both in strings, and their
 * camelCase through Kysely's CamelCasePlugin below), public contracts (strings: the webhook's
 * `submission.created`, stored error classes) and the migrations. This test fails when a file or
 * folder, or a code name, says "submission" anywhere else.
 *
 * Put in place by scripts/codemods/one-entity-name.ts (which renames the rest): it passes once
 * that has run.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";

const word = /submission/i;

/** The SQL names as Kysely spells them (camelCase): a row's property or a table's key; stored values. */
const sqlNames: Record<string, string> = {
  submissionId: "the column submission_id (deliveries, messages, notes, the audit log)",
  submissions: "the table's key in Database (server/db/schema.ts)",
  submission_missing: "an error class, stored in deliveries.error_class, labelled in the copy",
};

/** Where the word may stay in a path or a name: the migrations, SQL history. */
const frozen = /^server\/db\/migrations\//;

const sources = execFileSync("git", ["ls-files", "app", "server", "tests", "bench", "scripts"], {
  encoding: "utf8",
})
  .split("\n")
  .filter((file) => /\.(ts|tsx|js|mjs)$/.test(file));

/**
 * The identifiers of a TypeScript source, with the keyword before each: strings, comments and
 * regular expressions skipped, template literals' expressions read.
 */
function identifiersOf(source: string): { name: string; after: string; line: number }[] {
  const found: { name: string; after: string; line: number }[] = [];
  const braces: number[] = [];
  let depth = 0;
  let line = 1;
  let previous = "";
  let i = 0;
  const regexMayStart = () =>
    previous === "" ||
    /^[(,=:[!&|?{};+\-*%~^]$/.test(previous) ||
    /^(return|typeof|case|do|else|in|of|new|delete|void|throw|yield|await)$/.test(previous);
  const skipTemplateText = () => {
    // From inside a template's text to its end (`) or its next expression (${).
    while (i < source.length) {
      const c = source[i];
      if (c === "\\") i += 2;
      else if (c === "`") {
        i++;
        previous = "str";
        return;
      } else if (c === "$" && source[i + 1] === "{") {
        i += 2;
        braces.push(depth);
        depth++;
        previous = "{";
        return;
      } else {
        if (c === "\n") line++;
        i++;
      }
    }
  };
  while (i < source.length) {
    const c = source[i] as string;
    if (c === "\n") {
      line++;
      i++;
    } else if (/\s/.test(c)) i++;
    else if (c === "/" && source[i + 1] === "/") {
      while (i < source.length && source[i] !== "\n") i++;
    } else if (c === "/" && source[i + 1] === "*") {
      const end = source.indexOf("*/", i + 2);
      const stop = end < 0 ? source.length : end + 2;
      for (let j = i; j < stop; j++) if (source[j] === "\n") line++;
      i = stop;
    } else if (c === '"' || c === "'") {
      i++;
      while (i < source.length && source[i] !== c && source[i] !== "\n") {
        i += source[i] === "\\" ? 2 : 1;
      }
      i++;
      previous = "str";
    } else if (c === "`") {
      i++;
      skipTemplateText();
    } else if (c === "}" && braces.length > 0 && braces[braces.length - 1] === depth - 1) {
      depth--;
      braces.pop();
      i++;
      skipTemplateText();
    } else if (c === "/" && regexMayStart()) {
      // A regular expression, to the closing slash on its line (outside a class).
      let j = i + 1;
      let inClass = false;
      while (j < source.length && source[j] !== "\n") {
        if (source[j] === "\\") j++;
        else if (source[j] === "[") inClass = true;
        else if (source[j] === "]") inClass = false;
        else if (source[j] === "/" && !inClass) break;
        j++;
      }
      if (source[j] === "/") {
        i = j + 1;
        while (/[a-z]/.test(source[i] ?? "")) i++;
        previous = "regex";
      } else {
        previous = "/";
        i++;
      }
    } else if (/[A-Za-z_$]/.test(c)) {
      let j = i + 1;
      while (/[\w$]/.test(source[j] ?? "")) j++;
      const name = source.slice(i, j);
      found.push({ name, after: previous, line });
      previous = name;
      i = j;
    } else {
      if (c === "{") depth++;
      if (c === "}") depth--;
      previous = c;
      i++;
    }
  }
  return found;
}

describe("one name for the entity in code (decision 0078)", () => {
  test("the identifiers reader skips strings, comments, regular expressions and template text", () => {
    const names = identifiersOf(
      [
        'const a = "submission"; // submission',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: a template's source, read as text
        "/* submission */ const b = `x ${c.submission} submission`;",
        "const d = /submission/i.test(e) ? f / 2 : g;",
      ].join("\n"),
    ).map((found) => found.name);
    expect(names).toEqual(
      ["const", "a", "const", "b", "c", "submission", "const", "d"].concat(["test", "e", "f", "g"]),
    );
  });

  test("the command line is `applications`, and `submissions` stays its alias", () => {
    const help = (name: string) =>
      execFileSync(process.execPath, ["server/cli/cli.ts", name, "--help"], { encoding: "utf8" });
    const usage = help("applications");
    expect(usage).toMatch(/^Usage: npm run applications -- <command>/);
    expect(help("submissions")).toBe(usage);
    const scripts = JSON.parse(readFileSync("package.json", "utf8")).scripts;
    expect(scripts.applications).toBe("node server/cli/cli.ts applications");
    expect(scripts.submissions).toBe("node server/cli/cli.ts submissions");
  });

  test("no file or folder is named for it (the migrations aside)", () => {
    const named = sources.filter((file) => word.test(file) && !frozen.test(file));
    expect(named).toEqual([]);
  });

  test("no code name says it but the SQL names, and those are never declared as variables", () => {
    const found: string[] = [];
    for (const file of sources) {
      if (frozen.test(file)) continue;
      const source = readFileSync(file, "utf8");
      if (!word.test(source)) continue;
      for (const { name, after, line } of identifiersOf(source)) {
        if (!word.test(name)) continue;
        const declared = /^(const|let|var|function|class|interface|type|enum)$/.test(after);
        if (!Object.hasOwn(sqlNames, name) || declared) found.push(`${file}:${line}: ${name}`);
      }
    }
    expect(found).toEqual([]);
  });
});
