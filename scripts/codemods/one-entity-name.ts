/**
 * One name for the entity in code: "application" (decision 0078). Run on main after the merges:
 *
 *   node scripts/codemods/one-entity-name.ts            # rewrites the tree, git mv's the files
 *   node scripts/codemods/one-entity-name.ts --dry-run  # says what it would do, writes nothing
 *
 * By symbol (TypeScript's checker, typescript/unstable/sync), not by text: every identifier
 * naming "submission" whose declaration is ours is renamed where it is declared and everywhere
 * it is used, imports included. Kept: what names SQL (the tables' properties in
 * server/db/*schema.ts: `submissionId` is the column `submission_id` through CamelCasePlugin,
 * `submissions` the table), names the compiler made from those (Kysely's rows), an object key
 * spelt as a column that no type of ours names (a row built apart from its insert: Kysely checks
 * no excess key, so only a wrong keep would show, as a type error), every string
 * (SQL, the webhook's `submission.created`, JSON keys, copy, logs) but tests' titles and paths,
 * and the migrations (only their imports would change). A renamed name that would meet a name
 * already in scope (or a property already in its type) is a collision: reported, nothing
 * written, exit 1, until `overrides` below names it. The lease holder of deliveries (`owner` in
 * claims.ts, beside `Owner`, the member) becomes `leaseHolder`. Then: files and folders moved,
 * import specifiers and paths in strings, comments and docs rewritten, the command line's
 * `applications` added (`submissions` kept as its alias), the guard test put in place
 * (server/architecture/entity-name.test.ts), `biome check --write` on what changed. Running it again on its
 * own output changes nothing.
 */
import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { type Node, type SourceFile, SyntaxKind } from "typescript/unstable/ast";
import { getLeadingCommentRanges, getTrailingCommentRanges } from "typescript/unstable/ast/scanner";
import {
  API,
  isUnionType,
  SymbolFlags,
  type Symbol as TsSymbol,
  type Type,
} from "typescript/unstable/sync";
import {
  applyEdits,
  type Collision,
  collisionReport,
  type Edit,
  entityWord,
  movedPath,
  pathFragments,
  pathIsFrozen,
  renameWord,
  rewriteCommandLine,
  rewriteMarkdown,
  rewritePaths,
  rewriteProse,
} from "./entity-name-rules.ts";

/**
 * Hand-made names, `<declaring file>:<old name>` → new name: where the plain rename would
 * collide (the codemod reports it and stops), and for an untyped key spelt as a column that is
 * ours after all (the typecheck says so after a run).
 */
export const overrides: Record<string, string> = {
  // The audit line's fields, spread into an AuditLine (ownerChangeAuditLine): ours, not a row.
  "server/team/application-actions.ts:submissionId": "applicationId",
  // `application` is the helper that stores one; what it stores is the pending row.
  "server/inbound/receive-limits.test.ts:submission": "pending",
  "server/inbound/receive.test.ts:submission": "pending",
  // `applications` is the scenario's count; the map holds the stored rows by id.
  "tests/reliability/promise.test.ts:submissions": "storedApplications",
};

/** Names kept where they are declared, `<declaring file>:<name>` → why. */
export const keptNames: Record<string, string> = {
  // Put there by this codemod (commandLineRules): the command's old name, now its alias.
  "server/cli/cli.ts:submissions": "the command line's alias",
};

/** The lease holder (a worker's id), not the member who owns an application. */
const leaseHolder = {
  name: "owner",
  to: "leaseHolder",
  declarations: [
    { file: "server/db/deliveries/claims.ts", kind: SyntaxKind.Parameter },
    { file: "server/db/deliveries/claims.test.ts", kind: SyntaxKind.Parameter },
    { file: "server/db/deliveries/alerts.ts", kind: SyntaxKind.Parameter },
    { file: "server/delivery/worker.ts", kind: SyntaxKind.VariableDeclaration },
    { file: "server/delivery/worker.ts", kind: SyntaxKind.PropertySignature, in: "DeliveryWorker" },
  ] as { file: string; kind: SyntaxKind; in?: string }[],
};

/** The files of the lease whose comments say `owner` for the lease holder. */
const leaseFiles = ["server/db/deliveries/claims.ts", "server/db/deliveries/alerts.ts"];

/** The browser's form, where "a submission" is the act of sending it, not the entity. */
const formPages = /^app\/(onboarding|components|routes)\//;

const testFunctions = new Set(["it", "test", "describe", "bench", "suite"]);

export interface Options {
  root: string;
  write: boolean;
  /** Run `biome check --write` on the changed files (the CLI does; the fixture test need not). */
  format?: boolean;
  log?: (line: string) => void;
}

export interface Report {
  ms: number;
  files: number;
  identifiers: number;
  symbols: number;
  kept: Record<string, number>;
  moved: [string, string][];
  changedFiles: string[];
  collisions: Collision[];
}

interface Prose {
  file: string;
  start: number;
  end: number;
  raw: string;
  lease?: boolean;
}

type Decision = { rename: false; why: string } | { rename: true; to: string };

export function runCodemod(options: Options): Report {
  const started = Date.now();
  const root = path.resolve(options.root);
  const log = options.log ?? (() => {});
  const rel = (file: string) => path.relative(root, file).split(path.sep).join("/");
  const tracked = listFiles(root);

  const api = new API({ cwd: root });
  try {
    const snapshot = api.updateSnapshot({ openProjects: [path.join(root, "tsconfig.json")] });
    const project = snapshot.getProjects()[0];
    if (!project) throw new Error("no project: is there a tsconfig.json at the root?");
    const { program, checker } = project;
    const sourceFiles = program
      .getSourceFileNames()
      .map((name) => ({ name, rel: rel(name) }))
      .filter((f) => !f.rel.startsWith("..") && !f.rel.startsWith("node_modules/"))
      .filter((f) => !f.rel.startsWith(".react-router/") && !f.rel.startsWith("scripts/codemods/"))
      .filter((f) => f.rel !== "server/architecture/entity-name.test.ts");

    const decisions = new Map<number, Decision>();
    const kept: Record<string, number> = {};
    const edits = new Map<string, Map<string, Edit>>();
    const addEdit = (file: string, edit: Edit) => {
      const byFile = edits.get(file) ?? new Map<string, Edit>();
      edits.set(file, byFile);
      const key = `${edit.start}:${edit.end}`;
      const before = byFile.get(key);
      if (before && before.text !== edit.text) {
        throw new Error(
          `${file}:${edit.start}: two renames disagree (${before.text}, ${edit.text})`,
        );
      }
      byFile.set(key, edit);
    };
    /** Every symbol's name as declared: renamed or kept, for comments and documents. */
    const namesRenamed = new Map<string, string>();
    const namesKept = new Set<string>();
    const collisions: Collision[] = [];
    const checked = new Set<string>();
    let identifiers = 0;
    const pendingProse: Prose[] = [];

    const isSqlName = (declFile: string, kind: SyntaxKind) =>
      kind === SyntaxKind.PropertySignature && /^server\/db\/[a-z-]*schema\.ts$/.test(declFile);

    const decide = (symbol: TsSymbol | undefined): Decision => {
      if (!symbol) return { rename: false, why: "no symbol (an untyped row)" };
      const known = decisions.get(symbol.id);
      if (known) return known;
      const decision = decideOnce(symbol);
      decisions.set(symbol.id, decision);
      if (decision.rename) namesRenamed.set(symbol.name, decision.to);
      else if (entityWord.test(symbol.name)) namesKept.add(symbol.name);
      return decision;
    };

    const decideOnce = (symbol: TsSymbol): Decision => {
      if (symbol.flags & SymbolFlags.Alias) {
        const declaration = symbol.declarations[0];
        const node = declaration?.resolve(project) as
          | (Node & { propertyName?: Node; kind: SyntaxKind })
          | undefined;
        const renames =
          node &&
          (node.kind === SyntaxKind.ImportSpecifier || node.kind === SyntaxKind.ExportSpecifier) &&
          node.propertyName === undefined;
        if (renames) {
          const target = checker.getAliasedSymbol(symbol);
          if (!checker.isUnknownSymbol(target)) return decide(target);
        }
      }
      const declarations = symbol.declarations.map((d) => ({ file: rel(d.path), kind: d.kind }));
      if (declarations.length === 0) return { rename: false, why: "made by the compiler" };
      if (declarations.some((d) => d.file.startsWith("..") || d.file.includes("node_modules/"))) {
        return { rename: false, why: "a library's" };
      }
      if (symbol.name === leaseHolder.name) {
        const lease = symbol.declarations.every((d) =>
          leaseHolder.declarations.some(
            (l) =>
              l.file === rel(d.path) &&
              l.kind === d.kind &&
              (l.in === undefined || containerName(d.resolve(project)) === l.in),
          ),
        );
        return lease ? { rename: true, to: leaseHolder.to } : { rename: false, why: "not ours" };
      }
      if (!entityWord.test(symbol.name)) return { rename: false, why: "not the entity" };
      if (symbol.name.includes("_")) {
        return { rename: false, why: "a stored name (snake_case: a value in the database)" };
      }
      if (declarations.some((d) => isSqlName(d.file, d.kind))) {
        return { rename: false, why: "an SQL name (a table or a column)" };
      }
      if (declarations.some((d) => pathIsFrozen(d.file))) {
        return { rename: false, why: "declared in a migration" };
      }
      const keep = declarations.map((d) => keptNames[`${d.file}:${symbol.name}`]).find(Boolean);
      if (keep) return { rename: false, why: keep };
      const override = declarations
        .map((d) => overrides[`${d.file}:${symbol.name}`])
        .find((name) => name !== undefined);
      if (override) return { rename: true, to: override };
      // A key of an object literal that no type of ours gives its name, spelt as a column: the
      // object may well go to Kysely (`values(row)`, whose excess keys nothing checks), so it
      // keeps the column's name. Where it goes to a type of ours instead, the typecheck says so,
      // and `overrides` renames it.
      const literalKey =
        symbol.declarations.length === 1 &&
        (declarations[0]?.kind === SyntaxKind.PropertyAssignment ||
          declarations[0]?.kind === SyntaxKind.ShorthandPropertyAssignment);
      if (literalKey && columnNames.has(symbol.name)) {
        return { rename: false, why: "a column's name, no type says whose" };
      }
      return { rename: true, to: renameWord(symbol.name) };
    };

    const memberFlags =
      SymbolFlags.Property |
      SymbolFlags.Method |
      SymbolFlags.GetAccessor |
      SymbolFlags.SetAccessor |
      SymbolFlags.EnumMember;
    const scopeFlags = SymbolFlags.Value | SymbolFlags.Type | SymbolFlags.Namespace;

    const checkCollision = (
      symbol: TsSymbol,
      to: string,
      at: Node,
      file: string,
      sf: SourceFile,
    ) => {
      const key = `${symbol.id}:${file}:${at.pos}`;
      if (checked.has(key)) return;
      checked.add(key);
      let meets: string | undefined;
      if (symbol.flags & memberFlags) {
        const parent = symbol.getParent();
        if (parent?.getMembers().has(to as never)) meets = `the member ${to} of ${parent.name}`;
      } else {
        const found = checker.resolveName(to, scopeFlags, at, false);
        if (found && found.id !== symbol.id) {
          const where = found.declarations[0];
          meets = `${to} declared in ${where ? rel(where.path) : "scope"}`;
        }
      }
      if (meets) {
        collisions.push({ file, line: lineOf(sf.text, at.end), from: symbol.name, to, meets });
      }
    };

    /** The property an object literal's key gives a value to: its contextual type's, if any. */
    const contextualProperty = (
      objectLiteral: Node,
      name: string,
      own: TsSymbol | undefined,
    ): TsSymbol | undefined => {
      const context = checker.getContextualType(objectLiteral as never);
      const found = context ? propertyOf(context, name) : undefined;
      // A generic's type inferred from the literal itself is the literal's own: no type of ours.
      const isOwn = (symbol: TsSymbol) =>
        symbol.id === own?.id ||
        symbol.declarations.some((d) =>
          own?.declarations.some((o) => o.path === d.path && o.index === d.index),
        );
      return found && !isOwn(found) ? found : expectedProperty(objectLiteral, name);
    };
    /**
     * A test's expectation, `expect(actual).toEqual({ key })`: the key is the one of `actual`'s
     * type (through arrays and nested objects), since vitest's matchers take any shape.
     */
    const expectedProperty = (literal: Node, name: string): TsSymbol | undefined => {
      const path: (string | number)[] = [];
      let at: Node = literal;
      for (;;) {
        const parent = at.parent as Node & { name?: { text?: string } };
        if (parent?.kind === SyntaxKind.ArrayLiteralExpression) path.unshift(0);
        else if (parent?.kind === SyntaxKind.PropertyAssignment && parent.name?.text) {
          path.unshift(parent.name.text);
          at = parent.parent;
          continue;
        } else break;
        at = parent;
      }
      const call = at.parent as Node & { expression?: Node; arguments?: readonly Node[] };
      if (call?.kind !== SyntaxKind.CallExpression || call.arguments?.[0] !== at) return undefined;
      const member = call.expression as Node & { name?: { text?: string }; expression?: Node };
      const matcher = member?.name?.text ?? "";
      if (
        !/^(toEqual|toStrictEqual|toMatchObject|toContainEqual|toHaveBeenCalledWith)$/.test(matcher)
      ) {
        return undefined;
      }
      let receiver = member.expression as
        | (Node & { expression?: Node; arguments?: readonly Node[] })
        | undefined;
      while (receiver && receiver.kind === SyntaxKind.PropertyAccessExpression) {
        receiver = receiver.expression as typeof receiver; // .not, .resolves
      }
      if (
        receiver?.kind !== SyntaxKind.CallExpression ||
        rootName(receiver.expression) !== "expect"
      ) {
        return undefined;
      }
      const actual = receiver.arguments?.[0];
      let type = actual ? checker.getTypeAtLocation(actual) : undefined;
      if (matcher === "toContainEqual") path.unshift(0);
      for (const step of path) {
        if (!type) return undefined;
        if (step === 0) {
          type = checker.getIndexInfosOfType(checker.getNonNullableType(type) ?? type)[0]
            ?.valueType;
        } else {
          const property = propertyOf(type, step as string);
          type = property ? checker.getTypeOfSymbol(property) : undefined;
        }
      }
      return type ? propertyOf(type, name) : undefined;
    };
    const propertyOf = (type: Type, name: string): TsSymbol | undefined => {
      const nonNull = checker.getNonNullableType(type) ?? type;
      // A union (Kysely's InsertExpression: an object, an array of them, a callback): the first
      // member that has the property says what it is.
      const members = isUnionType(nonNull) ? [nonNull, ...nonNull.getTypes()] : [nonNull];
      for (const member of members) {
        const apparent = checker.getApparentType(member) ?? member;
        const found = checker.getPropertyOfType(apparent, name);
        if (found) return found;
      }
      return undefined;
    };

    // The columns' names as Kysely spells them: the properties of the tables' interfaces.
    const columnNames = new Set<string>();
    for (const { name: fileName, rel: file } of sourceFiles) {
      if (!isSqlName(file, SyntaxKind.PropertySignature)) continue;
      const visit = (node: Node): undefined => {
        if (
          node.kind === SyntaxKind.PropertySignature &&
          /Table$/.test(containerName(node) ?? "")
        ) {
          const name = (node as Node & { name?: { text?: string } }).name?.text;
          if (name) columnNames.add(name);
        }
        node.forEachChild(visit);
        return undefined;
      };
      const sf = program.getSourceFile(fileName);
      if (sf) visit(sf);
    }

    for (const { name: fileName, rel: file } of sourceFiles) {
      const sf = program.getSourceFile(fileName);
      if (!sf) continue;
      const text = sf.text;
      const frozen = pathIsFrozen(file);
      const ids: Node[] = [];
      const strings: Node[] = [];
      const comments = new Map<number, number>();
      const addComments = (at: number) => {
        for (const r of [
          ...(getLeadingCommentRanges(text, at) ?? []),
          ...(getTrailingCommentRanges(text, at) ?? []),
        ]) {
          comments.set(r.pos, r.end);
        }
      };
      const visit = (node: Node): undefined => {
        if (node.kind === SyntaxKind.Identifier) {
          const name = (node as unknown as { text: string }).text;
          if (entityWord.test(name) || name === leaseHolder.name) ids.push(node);
        } else if (
          node.kind === SyntaxKind.StringLiteral ||
          node.kind === SyntaxKind.NoSubstitutionTemplateLiteral
        ) {
          strings.push(node);
        }
        addComments(node.pos);
        addComments(node.end);
        node.forEachChild(visit);
        return undefined;
      };
      visit(sf);

      // Identifiers, by symbol.
      const symbols = ids.length > 0 ? checker.getSymbolAtLocation(ids) : [];
      ids.forEach((id, i) => {
        const name = (id as unknown as { text: string }).text;
        const start = id.end - name.length;
        if (text.slice(start, id.end) !== name) {
          throw new Error(`${file}:${start}: the compiler's offsets do not match the text`);
        }
        identifiers++;
        const parent = id.parent as Node & {
          name?: Node;
          propertyName?: Node;
          parent: Node;
        };
        const own = symbols[i];
        let property: TsSymbol | undefined;
        let value: TsSymbol | undefined = own;
        let shorthand = false;
        // A destructured key that no type links to ours, spelt as a column (an untyped row's):
        // it keeps the column's name.
        let keyKept = false;
        if (
          parent.parent?.kind === SyntaxKind.ObjectLiteralExpression &&
          parent.name === id &&
          (parent.kind === SyntaxKind.PropertyAssignment ||
            parent.kind === SyntaxKind.ShorthandPropertyAssignment ||
            parent.kind === SyntaxKind.MethodDeclaration ||
            parent.kind === SyntaxKind.GetAccessor ||
            parent.kind === SyntaxKind.SetAccessor)
        ) {
          // No contextual type, or a generic's inferred from the literal itself
          // (expect(row).toEqual({...})): the key is the literal's own (decided in decideOnce).
          property = contextualProperty(parent.parent, name, own) ?? own;
          if (parent.kind === SyntaxKind.ShorthandPropertyAssignment) {
            shorthand = true;
            value = checker.getShorthandAssignmentValueSymbol(parent) ?? undefined;
          } else {
            value = undefined;
          }
        } else if (
          parent.kind === SyntaxKind.BindingElement &&
          parent.name === id &&
          parent.propertyName === undefined &&
          parent.parent.kind === SyntaxKind.ObjectBindingPattern
        ) {
          const type = checker.getTypeAtLocation(parent.parent);
          property = type ? propertyOf(type, name) : undefined;
          if (!property && columnNames.has(name)) keyKept = true;
          property ??= own;
          shorthand = true;
        }
        const decisionOf = (symbol: TsSymbol | undefined) => {
          const decision = decide(symbol);
          if (decision.rename && frozen && symbol && symbol === own) {
            // A migration keeps its own names; it follows only what it imports.
            const declaredHere = symbol.declarations.every((d) => rel(d.path) === file);
            if (declaredHere) return { rename: false, why: "declared in a migration" } as const;
          }
          return decision;
        };
        const emit = (symbol: TsSymbol | undefined, decision: Decision) => {
          if (decision.rename && symbol) checkCollision(symbol, decision.to, id, file, sf);
          else if (!decision.rename) kept[decision.why] = (kept[decision.why] ?? 0) + 1;
          return decision.rename ? decision.to : name;
        };
        const untypedColumn = {
          rename: false,
          why: "a column's name, no type says whose",
        } as const;
        if (shorthand) {
          const keyName = emit(property, keyKept ? untypedColumn : decisionOf(property));
          const valueName = value ? emit(value, decisionOf(value)) : keyName;
          const out = keyName === valueName ? keyName : `${keyName}: ${valueName}`;
          if (out !== name) addEdit(file, { start, end: id.end, text: out });
          return;
        }
        const symbol = property ?? value;
        const out = emit(symbol, keyKept ? untypedColumn : decisionOf(symbol));
        if (out !== name) addEdit(file, { start, end: id.end, text: out });
      });

      // Strings: tests' titles (prose), and paths (module specifiers rewritten after the moves).
      for (const literal of strings) {
        const raw = text.slice(literal.end - literalLength(text, literal), literal.end);
        if (!entityWord.test(raw)) continue;
        const call = literal.parent as Node & { expression?: Node; arguments?: readonly Node[] };
        const isTitle =
          call.kind === SyntaxKind.CallExpression &&
          call.arguments?.[0] === literal &&
          testFunctions.has(rootName(call.expression));
        if (isTitle && !frozen) {
          const start = literal.end - raw.length;
          pendingProse.push({ file, start, end: literal.end, raw });
        }
      }

      // Comments (not in migrations).
      if (!frozen) {
        for (const [pos, end] of comments) {
          const raw = text.slice(pos, end);
          const lease = leaseFiles.includes(file) && /`owner`/.test(raw);
          if (entityWord.test(raw) || raw.includes("npm run submissions") || lease) {
            pendingProse.push({ file, start: pos, end, raw, lease });
          }
        }
      }
    }

    // Names renamed for every symbol that bore them are renamed in prose too.
    const renamedEverywhere = new Map(
      [...namesRenamed].filter(([from]) => !namesKept.has(from) && from !== leaseHolder.name),
    );
    const moves = new Map<string, string>();
    for (const file of tracked) {
      const to = movedPath(file);
      if (to !== file) moves.set(file, to);
    }
    const guardTo = "server/architecture/entity-name.test.ts";
    const guardFrom = "scripts/codemods/entity-name-guard.ts";
    const fragments = pathFragments(moves);
    for (const p of pendingProse.splice(0)) {
      // The form's pages say "submission" for the act of sending the form: their prose stays.
      const prose = !formPages.test(p.file);
      let out = rewriteProse(
        rewriteCommandLine(rewritePaths(p.raw, fragments)),
        renamedEverywhere,
        prose,
      );
      if (p.lease) out = out.replaceAll("`owner`", "`leaseHolder`");
      if (out !== p.raw) addEdit(p.file, { start: p.start, end: p.end, text: out });
    }

    if (collisions.length > 0) {
      throw Object.assign(
        new Error(
          `${collisions.length} renamed names would meet names already there; name them in ` +
            `overrides (scripts/codemods/one-entity-name.ts):\n${collisionReport(collisions)}`,
        ),
        { collisions },
      );
    }

    // Module specifiers and path strings follow the moves.
    for (const { name: fileName, rel: file } of sourceFiles) {
      const sf = program.getSourceFile(fileName);
      if (!sf) continue;
      const fileTo = moves.get(file) ?? file;
      const visit = (node: Node): undefined => {
        if (
          node.kind === SyntaxKind.StringLiteral ||
          node.kind === SyntaxKind.NoSubstitutionTemplateLiteral
        ) {
          const raw = sf.text.slice(node.end - literalLength(sf.text, node), node.end);
          const value = raw.slice(1, -1);
          const out =
            specifierAfterMoves(value, file, fileTo, moves) ?? rewritePaths(value, fragments);
          if (out !== value && !pathIsFrozen(file)) {
            addEdit(file, { start: node.end - raw.length + 1, end: node.end - 1, text: out });
          } else if (out !== value && pathIsFrozen(file) && isModuleSpecifier(node)) {
            addEdit(file, { start: node.end - raw.length + 1, end: node.end - 1, text: out });
          }
        }
        node.forEachChild(visit);
        return undefined;
      };
      visit(sf);
    }

    // Hand rules: the command line's new name, its alias, and what says its name.
    const ruleEdits = commandLineRules(root);

    // Every new text first, in memory: a rule whose anchor is gone stops it before it writes.
    const originals = new Map<string, string>();
    const contents = new Map<string, string>();
    const current = (file: string) => {
      if (!originals.has(file)) originals.set(file, readFileSync(path.join(root, file), "utf8"));
      return contents.get(file) ?? (originals.get(file) as string);
    };
    for (const [file, byFile] of edits) {
      contents.set(file, applyEdits(current(file), [...byFile.values()], file));
    }
    for (const file of tracked.filter((f) => f.endsWith(".md") && !pathIsFrozen(f))) {
      contents.set(file, rewriteMarkdown(current(file), renamedEverywhere, fragments));
    }
    for (const [file, rewrite] of ruleEdits) {
      if (existsSync(path.join(root, file))) contents.set(file, rewrite(current(file)));
    }
    const changed = new Set(
      [...contents].filter(([file, text]) => text !== originals.get(file)).map(([file]) => file),
    );

    for (const [from, to] of moves) {
      if (existsSync(path.join(root, to)))
        throw new Error(`${to} exists: ${from} cannot move there`);
    }

    // Write.
    if (options.write) {
      for (const file of changed)
        writeFileSync(path.join(root, file), contents.get(file) as string);
      for (const [from, to] of moves) move(root, from, to);
      if (existsSync(path.join(root, guardFrom))) {
        move(root, guardFrom, guardTo);
        changed.add(guardTo);
      }
      if (options.format !== false) {
        const files = [...changed].map((f) => moves.get(f) ?? f).filter((f) => /\.tsx?$/.test(f));
        const all = [...new Set([...files, ...moves.values()].filter((f) => /\.tsx?$/.test(f)))];
        if (all.length > 0) {
          try {
            execFileSync("npx", ["biome", "check", "--write", ...all], {
              cwd: root,
              stdio: "pipe",
            });
          } catch (error) {
            const output = (error as { stdout?: Buffer }).stdout?.toString() ?? "";
            throw new Error(
              `renamed and moved, but biome check --write left errors (fix them by hand):\n${output}`,
            );
          }
        }
      }
    }
    const report: Report = {
      ms: Date.now() - started,
      files: sourceFiles.length,
      identifiers,
      symbols: [...decisions.values()].filter((d) => d.rename).length,
      kept,
      moved: [...moves],
      changedFiles: [...changed].sort(),
      collisions,
    };
    log(
      `${report.symbols} symbols renamed, ${report.identifiers} identifiers seen in ` +
        `${report.files} files, ${report.moved.length} files moved, ` +
        `${report.changedFiles.length} files changed, in ${report.ms} ms`,
    );
    return report;
  } finally {
    api.close();
  }
}

/** The command line: `applications` is its name, `submissions` its alias (decision 0078). */
function commandLineRules(root: string): Map<string, (text: string) => string> {
  const rules = new Map<string, (text: string) => string>();
  const expect = (file: string, text: string, from: string) => {
    if (!text.includes(from)) {
      throw new Error(`${file}: the rule's anchor is gone, change the rule: ${from}`);
    }
  };
  rules.set("package.json", (text) => {
    if (text.includes('"applications": "node server/cli/cli.ts applications"')) return text;
    const from = '    "submissions": "node server/cli/cli.ts submissions",\n';
    expect("package.json", text, from);
    return text.replace(
      from,
      `    "applications": "node server/cli/cli.ts applications",\n${from}`,
    );
  });
  rules.set("server/cli/cli.ts", (text) => {
    const programs =
      "// `submissions` is the alias of `applications` (its name until decision 0078): scripts\n" +
      "// and cron lines written before keep working.\n" +
      "const programs = {\n  applications: applicationsProgram,\n  team: teamProgram,\n" +
      "  submissions: applicationsProgram,\n};";
    if (text.includes(programs)) return text;
    const statement = /const programs = \{[^;]*\};/;
    expect("server/cli/cli.ts", text, "const programs = {");
    return text.replace(statement, programs);
  });
  for (const file of ["server/cli/applications-program.ts", "server/cli/submissions-program.ts"]) {
    rules.set(file, (text) =>
      rewriteCommandLine(text).replace('name: "submissions"', 'name: "applications"'),
    );
  }
  rules.set("server/cli/cli.test.ts", (text) => rewriteCommandLine(text));
  rules.set("docs/operations.md", (text) => {
    const note =
      "(`submissions`, its name before decision 0078, stays an alias: the cron lines and scripts\n" +
      "written before keep working)";
    if (text.includes(note)) return text;
    const from = "`DATA_DIR`), while the server runs or not:";
    expect("docs/operations.md", text, from);
    return text.replace(from, `\`DATA_DIR\`), while the server runs or not ${note}:`);
  });
  rules.set(".env.example", (text) => rewriteCommandLine(text));
  void root;
  return rules;
}

function specifierAfterMoves(
  value: string,
  file: string,
  fileTo: string,
  moves: ReadonlyMap<string, string>,
): string | undefined {
  let target: string | undefined;
  let style: "relative" | "server" | "app" | undefined;
  if (value.startsWith("./") || value.startsWith("../")) {
    target = path.posix.normalize(path.posix.join(path.posix.dirname(file), value));
    style = "relative";
  } else if (value.startsWith("#server/")) {
    target = `server/${value.slice("#server/".length)}`;
    style = "server";
  } else if (value.startsWith("#app/")) {
    target = `app/${value.slice("#app/".length)}`;
    style = "app";
  }
  if (!target || !style || !/\.(tsx?|js|json)$/.test(target)) return undefined;
  const targetTo = moves.get(target) ?? target;
  if (style === "server") return `#server/${targetTo.slice("server/".length)}`;
  if (style === "app") return `#app/${targetTo.slice("app/".length)}`;
  if (targetTo === target && fileTo === file) return value;
  const relative = path.posix.relative(path.posix.dirname(fileTo), targetTo);
  return relative.startsWith(".") ? relative : `./${relative}`;
}

function isModuleSpecifier(node: Node): boolean {
  const parent = node.parent;
  return (
    parent?.kind === SyntaxKind.ImportDeclaration ||
    parent?.kind === SyntaxKind.ExportDeclaration ||
    parent?.kind === SyntaxKind.CallExpression
  );
}

/** The length of a string literal's source text (quotes included), from its end backwards. */
function literalLength(text: string, node: Node): number {
  const end = node.end;
  const quote = text[end - 1];
  let i = end - 2;
  while (i >= 0) {
    if (text[i] === quote) {
      let backslashes = 0;
      for (let j = i - 1; text[j] === "\\"; j--) backslashes++;
      if (backslashes % 2 === 0) break;
    }
    i--;
  }
  return end - i;
}

/** The name of the interface, type or class a member is declared in. */
function containerName(node: Node | undefined): string | undefined {
  const container = node?.parent as (Node & { name?: { text?: string } }) | undefined;
  if (container?.kind === SyntaxKind.TypeLiteral) {
    return (container.parent as Node & { name?: { text?: string } }).name?.text;
  }
  return container?.name?.text;
}

function rootName(node: Node | undefined): string {
  let at = node as (Node & { expression?: Node; text?: string }) | undefined;
  while (at) {
    if (at.kind === SyntaxKind.Identifier) return at.text ?? "";
    at = at.expression as typeof at;
  }
  return "";
}

function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** The files in git (or, outside a repository, on disk): what may move. */
function listFiles(root: string): string[] {
  if (existsSync(path.join(root, ".git"))) {
    return execFileSync("git", ["ls-files"], { cwd: root, encoding: "utf8" })
      .split("\n")
      .filter(Boolean)
      .filter((f) => existsSync(path.join(root, f)));
  }
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relPath = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
      if (entry.isDirectory()) walk(relPath);
      else out.push(relPath);
    }
  };
  walk("");
  return out;
}

function move(root: string, from: string, to: string) {
  mkdirSync(path.dirname(path.join(root, to)), { recursive: true });
  if (existsSync(path.join(root, to))) throw new Error(`${to} exists: ${from} cannot move there`);
  if (existsSync(path.join(root, ".git"))) {
    execFileSync("git", ["mv", from, to], { cwd: root });
  } else {
    renameSync(path.join(root, from), path.join(root, to));
  }
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const rootAt = args.indexOf("--root");
  const root = rootAt >= 0 ? (args[rootAt + 1] ?? ".") : process.cwd();
  const write = !args.includes("--dry-run");
  try {
    const report = runCodemod({ root, write, log: (line) => console.log(line) });
    console.log(`kept: ${JSON.stringify(report.kept)}`);
    for (const [from, to] of report.moved) console.log(`moved ${from} → ${to}`);
    if (!write) for (const file of report.changedFiles) console.log(`would change ${file}`);
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 1;
  }
}
