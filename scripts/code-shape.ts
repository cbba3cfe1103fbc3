/**
 * Checks two measures of the code's shape with the TypeScript compiler API, over `src/` without the
 * generated code (`src/api/generated`):
 * - type assertions: `x as T` and `<T>x` (never `as const`), at most {@link MAX_ASSERTIONS};
 * - function length: no function, method, accessor, constructor or arrow function longer than
 *   {@link MAX_FUNCTION_LINES} lines, except the declarative data of {@link DECLARATIVE};
 * - `any`: none in the folders of {@link NO_ANY} (the bot reads GitHub's payloads through octokit's
 *   webhook types).
 * Prints the counts and every offender; exits 1 when a limit is passed. `--list` prints every
 * assertion with its place, to find the ones left.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * Most type assertions allowed in src/ (generated code excluded), counting calls of the message
 * helpers with an explicit type argument ({@link CAST_HELPERS}). Each of the 18 left is at an untyped
 * edge and says why; this bound keeps new ones from creeping back.
 */
export const MAX_ASSERTIONS = 18;
/**
 * Helpers whose result type is keyed on a message name (`fullMessage('orch.admin.v1.Execution', x)`): an
 * explicit type argument at a call would override that check, so it counts as an assertion.
 */
const CAST_HELPERS = new Set(['fullMessage', 'minimalMessage', 'storedMessage', 'fromJson']);
/** Longest function allowed, in lines, first to last. */
export const MAX_FUNCTION_LINES = 150;
/**
 * Functions that are declarative data, not logic, and may be longer: `file:function`. Each says why.
 */
const DECLARATIVE: Record<string, string> = {
  'src/server/db/migrations.ts:migrations':
    'the schema as a list of migration steps (tables, columns, indexes)',
};

/**
 * Folders held to a shorter longest function than {@link MAX_FUNCTION_LINES}, in lines: the executor
 * is split into functions a reader can hold at once.
 */
const STRICTER: Record<string, number> = { 'src/server/executor/': 80 };

/** Folders of src/ where the type `any` may not appear at all. */
const NO_ANY = ['src/bot/'];

const root = fileURLToPath(new URL('..', import.meta.url));
const src = join(root, 'src');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path.endsWith(join('api', 'generated')) ? [] : files(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** A readable name of a function node: its own name, or the variable or property it is assigned to. */
function nameOf(node: ts.Node): string {
  const named = node as ts.Node & { name?: ts.Node };
  if (named.name && ts.isIdentifier(named.name)) return named.name.text;
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if (
    parent &&
    (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) &&
    ts.isIdentifier(parent.name)
  ) {
    return parent.name.text;
  }
  return '(anonymous)';
}

const assertions: string[] = [];
const long: { where: string; lines: number }[] = [];
const anys: string[] = [];
for (const file of files(src)) {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const rel = relative(root, file);
  const at = (node: ts.Node) => `${rel}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.AnyKeyword && NO_ANY.some((folder) => rel.startsWith(folder)))
      anys.push(at(node));
    if (ts.isAsExpression(node)) {
      const type = node.type;
      const isConst =
        ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && type.typeName.text === 'const';
      if (!isConst) assertions.push(`${at(node)}: ${node.getText().replace(/\s+/g, ' ').slice(0, 100)}`);
    } else if (ts.isTypeAssertionExpression(node)) {
      assertions.push(`${at(node)}: ${node.getText().replace(/\s+/g, ' ').slice(0, 100)}`);
    } else if (
      ts.isCallExpression(node) &&
      node.typeArguments !== undefined &&
      ts.isIdentifier(node.expression) &&
      CAST_HELPERS.has(node.expression.text)
    ) {
      assertions.push(`${at(node)}: ${node.getText().replace(/\s+/g, ' ').slice(0, 100)}`);
    }
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isArrowFunction(node) ||
      ts.isConstructorDeclaration(node) ||
      ts.isGetAccessorDeclaration(node) ||
      ts.isSetAccessorDeclaration(node)
    ) {
      const start = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = end - start + 1;
      const key = `${rel}:${nameOf(node)}`;
      const stricter = Object.entries(STRICTER).find(([folder]) => rel.startsWith(folder));
      const limit = stricter ? stricter[1] : MAX_FUNCTION_LINES;
      if (lines > limit && !(key in DECLARATIVE))
        long.push({ where: `${at(node)} ${nameOf(node)} (at most ${limit})`, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

if (process.argv.includes('--list')) for (const line of assertions) console.log(line);
console.log(`type assertions in src/: ${assertions.length} (at most ${MAX_ASSERTIONS})`);
console.log(
  `functions over ${MAX_FUNCTION_LINES} lines (${Object.entries(STRICTER)
    .map(([folder, limit]) => `${limit} in ${folder}`)
    .join(', ')}): ${long.length}`,
);
for (const { where, lines } of long.sort((a, b) => b.lines - a.lines))
  console.log(`  ${where}: ${lines} lines`);
console.log(`\`any\` in ${NO_ANY.join(', ')}: ${anys.length} (none allowed)`);
for (const where of anys) console.log(`  ${where}`);
if (assertions.length > MAX_ASSERTIONS || long.length > 0 || anys.length > 0) process.exitCode = 1;
