import { execFile } from "node:child_process";
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const contentDir = import.meta.dirname;
const modules = (await readdir(contentDir))
  .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))
  .sort();
const scratch = await mkdtemp(path.join(tmpdir(), "content-"));
afterAll(() => rm(scratch, { recursive: true, force: true }));

/**
 * Every string of the content with its path ("team.seo.inbox"), as plain Node loads the
 * modules of app/content/ (the server's way), after `edit` replaced one line of one file.
 */
async function loadContent(edit?: {
  file: string;
  from: string;
  to: string;
}): Promise<Map<string, string>> {
  const dir = await mkdtemp(path.join(scratch, "copy-"));
  for (const name of modules) await cp(path.join(contentDir, name), path.join(dir, name));
  await writeFile(path.join(dir, "package.json"), '{ "type": "module" }');
  if (edit) {
    const file = path.join(dir, edit.file);
    const source = await readFile(file, "utf8");
    expect(source.split(edit.from), `${edit.file} holds ${edit.from} once`).toHaveLength(2);
    await writeFile(file, source.replace(edit.from, edit.to));
  }
  const script = `const all = {};
    for (const name of ${JSON.stringify(modules)}) Object.assign(all, await import("./" + name));
    process.stdout.write(JSON.stringify(all));`;
  const { stdout } = await run(process.execPath, ["--input-type=module", "--eval", script], {
    cwd: dir,
  });
  return new Map(strings(JSON.parse(stdout)));
}

function strings(value: unknown, at = ""): [string, string][] {
  if (typeof value === "string") return [[at, value]];
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, child]) => strings(child, at ? `${at}.${key}` : key));
}

/** The paths whose text differs between two loads. */
function changed(before: Map<string, string>, after: Map<string, string>): string[] {
  expect([...after.keys()]).toEqual([...before.keys()]);
  return [...before].filter(([key, text]) => after.get(key) !== text).map(([key]) => key);
}

const content = await loadContent();
const name = content.get("brand.name") as string;

describe("the brand", () => {
  /** The texts that carry the brand's name, derived from it. */
  const derived = [
    "landing.contact.subject",
    "landing.seo.home.title",
    "landing.seo.notFound.title",
    "questionnaire.seo.onboarding.title",
    "questionnaire.seo.thankYou.title",
    "emails.confirmation.subject",
    "emails.confirmation.signature",
    "emails.signIn.subject",
    "emails.signIn.heading",
    "emails.signIn.body",
    "team.link.title",
    "team.seo.signIn",
    "team.seo.link",
    "team.seo.inbox",
    "team.seo.response",
    "team.seo.insights",
    "team.seo.unmatched",
    "team.seo.settings",
    "team.seo.application",
    "team.seo.notFound",
    "portal.client.shellLabel",
    "portal.emails.invite.heading",
    "portal.emails.invite.subject",
    "portal.emails.signIn.subject",
    "portal.seo.signIn",
    "portal.seo.home",
    "portal.seo.request",
    "portal.seo.clients",
    "portal.seo.client",
    "portal.seo.cuts",
  ];

  it("is named once, in brand.ts: titles, subjects and the signature derive from it", async () => {
    const sources = await Promise.all(
      modules.map(async (file) => [file, await readFile(path.join(contentDir, file), "utf8")]),
    );
    const naming = sources.flatMap(([file, source]) =>
      (source as string)
        .split(name)
        .slice(1)
        .map(() => file),
    );
    expect(naming).toEqual(["brand.ts"]);
    const carrying = [...content].filter(([, text]) => text.includes(name)).map(([key]) => key);
    expect(carrying.sort()).toEqual(["brand.name", ...derived].sort());
  });

  it("changes everywhere when brand.ts changes: the name and the addresses' domain", async () => {
    const rebranded = await loadContent({
      file: "brand.ts",
      from: `  name: "${name}",\n`,
      to: '  name: "Cutroom",\n',
    });
    expect(changed(content, rebranded).sort()).toEqual(["brand.name", ...derived].sort());
    for (const key of derived) {
      expect(rebranded.get(key), key).toBe(content.get(key)?.replaceAll(name, "Cutroom"));
    }
    const domain = content.get("brand.domain") as string;
    const moved = await loadContent({
      file: "brand.ts",
      from: `const domain = "${domain}";`,
      to: 'const domain = "cutroom.example";',
    });
    expect(changed(content, moved).sort()).toEqual([
      "brand.addresses.contact",
      "brand.addresses.noReply",
      "brand.addresses.team",
      "brand.domain",
      "landing.contact.email",
    ]);
    expect([...moved.values()].filter((text) => text.includes(domain))).toEqual([]);
  });
});

describe("the response promise", () => {
  it("is one number: every text that states it changes with service.ts", async () => {
    const hours = /responsePromiseHours: (\d+),/.exec(
      await readFile(path.join(contentDir, "service.ts"), "utf8"),
    )?.[1];
    const promised = await loadContent({
      file: "service.ts",
      from: `responsePromiseHours: ${hours},`,
      to: "responsePromiseHours: 48,",
    });
    const stating = [
      "withinResponsePromise",
      "questionnaire.footnote",
      "questionnaire.thankYou.body",
      "questionnaire.seo.onboarding.description",
      "questionnaire.seo.thankYou.description",
      "emails.confirmation.next",
    ];
    expect(changed(content, promised).sort()).toEqual(stating.sort());
    for (const key of stating) {
      expect(content.get(key), key).toContain(`within ${hours} hours`);
      expect(promised.get(key), key).toBe(
        content.get(key)?.replace(`within ${hours} hours`, "within 48 hours"),
      );
    }
  });
});
