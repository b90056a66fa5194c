// Plain JavaScript on purpose: it must run on the old Node.js it refuses (no type stripping).
// `npm start` runs it first (`prestart`), so Node 20 gets one clear line instead of
// ERR_UNKNOWN_FILE_EXTENSION and a stack trace. The minimum is `engines.node` in package.json.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The message for a Node.js `version` ("20.20.2") below `required` (">=22.22"), else null. */
export function nodeVersionProblem(version, required) {
  const [minMajor = 0, minMinor = 0] = (/(\d+)\.(\d+)/.exec(required) ?? []).slice(1).map(Number);
  const [major = 0, minor = 0] = version.split(".").map(Number);
  if (major > minMajor || (major === minMajor && minor >= minMinor)) return null;
  return (
    `Reelsmith needs Node.js ${minMajor}.${minMinor} or newer (it runs its TypeScript directly); ` +
    `this is Node.js ${version}. See .nvmrc.`
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  const problem = nodeVersionProblem(process.versions.node, pkg.engines.node);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
