/**
 * The text rules of the one-entity-name codemod (decision 0078), apart from the compiler: how a
 * name is renamed, what a comment, a test's title or a document says after it, which files move.
 * one-entity-name.ts decides which identifiers are renamed (by symbol); these say how.
 */

/** submission → application, keeping the case of each letter group (Submission, SUBMISSION). */
export function renameWord(name: string): string {
  return name
    .replaceAll("submission", "application")
    .replaceAll("Submission", "Application")
    .replaceAll("SUBMISSION", "APPLICATION");
}

export const entityWord = /submission/i;

/**
 * Paths that keep their names: migrations (SQL history), the codemod and its guard test (which
 * name the old word on purpose), generated types.
 */
export function pathIsFrozen(relPath: string): boolean {
  return (
    relPath.startsWith("server/db/migrations/") ||
    relPath.startsWith("scripts/codemods/") ||
    relPath === "server/architecture/entity-name.test.ts" ||
    relPath.startsWith(".react-router/") ||
    relPath.startsWith("node_modules/") ||
    relPath.startsWith("docs/decisions/0078-")
  );
}

/** Where a file goes: every path segment naming the entity is renamed. */
export function movedPath(relPath: string): string {
  if (pathIsFrozen(relPath) || !entityWord.test(relPath)) return relPath;
  return relPath.split("/").map(renameWord).join("/");
}

/**
 * The path fragments a text may name (a folder with its parent, a file's name), from the moves:
 * `db/submissions/` → `db/applications/`, `submissions-program.ts` → `applications-program.ts`.
 */
export function pathFragments(moves: ReadonlyMap<string, string>): [string, string][] {
  const pairs = new Map<string, string>();
  for (const [from, to] of moves) {
    const a = from.split("/");
    const b = to.split("/");
    for (let i = 0; i < a.length; i++) {
      if (a[i] === b[i]) continue;
      if (i === a.length - 1) {
        pairs.set(a[i] as string, b[i] as string);
        const stem = (a[i] as string).replace(/\.[a-z.]+$/, "");
        if (stem !== a[i] && entityWord.test(stem)) pairs.set(stem, renameWord(stem));
      } else {
        const parent = i > 0 ? `${a[i - 1]}/` : "";
        pairs.set(`${parent}${a[i]}/`, `${parent}${b[i]}/`);
        pairs.set(`\`${a[i]}/\``, `\`${b[i]}/\``);
      }
    }
  }
  // Longest first, so that `db/submissions/` wins over a bare file name inside it.
  return [...pairs].sort((x, y) => y[0].length - x[0].length);
}

export function rewritePaths(text: string, fragments: readonly [string, string][]): string {
  let out = text;
  for (const [from, to] of fragments) out = out.replaceAll(from, to);
  return out;
}

/** The command line: `applications`, with `submissions` kept as an alias (decision 0078). */
export function rewriteCommandLine(text: string): string {
  return text
    .replaceAll("npm run submissions", "npm run applications")
    .replaceAll("server/cli/cli.ts submissions", "server/cli/cli.ts applications");
}

/**
 * Names that were renamed everywhere they were declared (never also kept as an SQL name): only
 * these are renamed where a comment, a title or a document names them.
 */
export type RenamedNames = ReadonlyMap<string, string>;

const wordLike = /[A-Za-z0-9_$]*[Ss][Uu][Bb][Mm][Ii][Ss][Ss][Ii][Oo][Nn][A-Za-z0-9_$]*/g;
const bareWords = new Set(["submission", "submissions", "Submission", "Submissions"]);

function insideBackticks(text: string, offset: number): boolean {
  const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
  let ticks = 0;
  for (let i = lineStart; i < offset; i++) if (text[i] === "`") ticks++;
  return ticks % 2 === 1;
}

/**
 * Prose about the entity (a comment, a test's title): "submission(s)" → "application(s)", and
 * the renamed code names. Kept: SQL names (`submission_id`, `submissions.ip_hash`, "the
 * submissions table"), anything in backticks but a renamed compound name, names not renamed.
 */
export function rewriteProse(text: string, renamed: RenamedNames, prose = true): string {
  const out = text.replace(wordLike, (word, offset: number, whole: string) => {
    const before = whole.slice(0, offset);
    const after = whole.slice(offset + word.length);
    if (word.includes("_")) return word; // an SQL name
    if (/^\.[a-z_]/.test(after)) return word; // submissions.ip_hash: a column
    if (/^\s+(table|tables|column|row|rows)\b/.test(after) && bareWords.has(word)) return word;
    if (/\b(table|from|into|update|join|FROM|INTO|UPDATE|JOIN)\s+`?$/.test(before)) return word;
    if (bareWords.has(word)) {
      if (!prose || insideBackticks(whole, offset)) return word;
      if (/[A-Za-z0-9_$-]$/.test(before) || /^[A-Za-z0-9_$-]/.test(after)) return word;
      return renameWord(word);
    }
    return renamed.get(word) ?? word;
  });
  // "a submission" was right; "a application" is not.
  return out === text ? out : out.replace(/\b([Aa]) (applications?\b)/g, "$1n $2");
}

/** A document (Markdown): paths, the command line and renamed code names; prose is the team's. */
export function rewriteMarkdown(
  text: string,
  renamed: RenamedNames,
  fragments: readonly [string, string][],
): string {
  const code = rewriteCommandLine(rewritePaths(text, fragments));
  // Only names in backticks or code blocks are code; a bare word in a sentence is prose.
  return code.replace(/`[^`\n]+`/g, (span) => rewriteProse(span, renamed, false));
}

/** A collision: a renamed name that would meet a name already there. */
export interface Collision {
  file: string;
  line: number;
  from: string;
  to: string;
  meets: string;
}

export function collisionReport(collisions: readonly Collision[]): string {
  return collisions
    .map((c) => `  ${c.file}:${c.line}: ${c.from} → ${c.to} meets ${c.meets}`)
    .join("\n");
}

/** An edit of a file's text, by character offsets in the original text. */
export interface Edit {
  start: number;
  end: number;
  text: string;
}

export function applyEdits(text: string, edits: readonly Edit[], file = "?"): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  let out = "";
  let at = 0;
  for (const edit of sorted) {
    if (edit.start < at) {
      throw new Error(`${file}: overlapping edits at ${edit.start} ("${edit.text}")`);
    }
    out += text.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + text.slice(at);
}
