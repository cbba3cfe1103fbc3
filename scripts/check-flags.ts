/**
 * Fails when a flag of the registry is neither read by the code nor labelled as belonging to a runtime
 * not built yet (`runtime` in src/config/registry.ts; DESIGN.md, "Configuration": never pretend a flag
 * does something). What reads a flag is found with the TypeScript type checker, not by matching names:
 * a read is a property access (or a destructuring) on a value whose type is a node of `Config`, the type
 * the registry generates (src/config/types.ts), at the path of that flag. A sub-tree handed on whole
 * (`startObservability(config, ...)`, `openRuntime(config.runtime)`) is followed into the type it is
 * handed to (`LogSettings`, ...), whose property accesses then count at the sub-tree's path. Generic
 * reads that iterate the registry (`valueAt(config, name)`: `config view`, the docs) do not count.
 * Also fails when a labelled flag is read (its label would then be a lie, or the runtime is built).
 * Deprecated flags (`replacedBy`) are read by the loader for their replacement; `--config` names the
 * file the loader reads. `--list` prints every flag with the files that read it.
 */
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { ALL_FLAGS, findFlag } from '../src/config/registry.js';

/** Flags the configuration loader itself consumes (src/config/load.ts), outside the Config object. */
const READ_BY_LOADER: Record<string, string> = { config: 'src/config/load.ts (resolveConfigFile)' };

const root = fileURLToPath(new URL('..', import.meta.url));
const parsed = ts.getParsedCommandLineOfConfigFile(
  join(root, 'tsconfig.json'),
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  },
);
if (!parsed) throw new Error('cannot read tsconfig.json');
const srcDir = join(root, 'src');
const program = ts.createProgram(
  parsed.fileNames.filter((f) => f.startsWith(srcDir)),
  parsed.options,
);
const checker = program.getTypeChecker();

/** Types of the Config tree (and of what its sub-trees are handed to), with their dotted prefixes. */
const prefixes = new Map<ts.Type, Set<string>>();

/**
 * Adds `type` at `prefix`, and its properties that are sub-trees of flags; only object types with
 * named properties (never an index signature such as `Record<string, unknown>`), at least one of
 * them on a flag's path.
 */
function addTree(type: ts.Type, prefix: string): boolean {
  if (!(type.flags & ts.TypeFlags.Object) && !(type.flags & ts.TypeFlags.Intersection)) return false;
  if (type.getStringIndexType() || prefixes.get(type)?.has(prefix)) return false;
  const properties = type.getProperties();
  if (prefix && !properties.some((p) => ALL_FLAGS.some((f) => f.name.startsWith(`${prefix}${p.name}`))))
    return false;
  prefixes.set(type, (prefixes.get(type) ?? new Set()).add(prefix));
  for (const property of properties) {
    const name = `${prefix}${property.name}`;
    if (findFlag(name)) continue;
    if (ALL_FLAGS.some((f) => f.name.startsWith(`${name}.`)))
      addTree(checker.getTypeOfSymbol(property), `${name}.`);
  }
  return true;
}

const configFile = program.getSourceFile(join(srcDir, 'config', 'types.ts'));
let configType: ts.Type | undefined;
if (configFile) {
  ts.forEachChild(configFile, (node) => {
    if (ts.isTypeAliasDeclaration(node) && node.name.text === 'Config')
      configType = checker.getTypeAtLocation(node.name);
  });
}
if (!configType) throw new Error('src/config/types.ts lacks the Config type');
addTree(configType, '');

const readers = new Map<string, Set<string>>();
function read(name: string, file: ts.SourceFile): void {
  if (!findFlag(name)) return;
  const files = readers.get(name) ?? new Set<string>();
  files.add(relative(root, file.fileName));
  readers.set(name, files);
}

/** The prefixes of a tree type, or of every member of a union of them (`flags[side]`). */
function prefixesOf(type: ts.Type): string[] {
  if (type.isUnion()) return type.types.flatMap((member) => [...(prefixes.get(member) ?? [])]);
  return [...(prefixes.get(type) ?? [])];
}

/** The keys an element access may name: a string literal, or each member of a union of them (`flags[side]`). */
function literalKeys(argument: ts.Expression): string[] {
  const type = checker.getTypeAtLocation(argument);
  const members = type.isUnion() ? type.types : [type];
  return members.flatMap((member) => (member.isStringLiteral() ? [member.value] : []));
}

/** Collects reads; returns whether a sub-tree was found handed to a type not yet followed. */
function scan(): boolean {
  let grew = false;
  for (const file of program.getSourceFiles()) {
    if (!file.fileName.startsWith(srcDir)) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) {
        const keys = ts.isPropertyAccessExpression(node)
          ? [node.name.text]
          : literalKeys(node.argumentExpression);
        const at = prefixesOf(checker.getTypeAtLocation(node.expression));
        for (const prefix of at) for (const key of keys) read(`${prefix}${key}`, file);
      } else if (ts.isVariableDeclaration(node) && node.initializer && ts.isObjectBindingPattern(node.name)) {
        for (const prefix of prefixesOf(checker.getTypeAtLocation(node.initializer))) {
          for (const element of node.name.elements) {
            const key = element.propertyName ?? element.name;
            if (ts.isIdentifier(key)) read(`${prefix}${key.text}`, file);
          }
        }
      }
      if (
        (ts.isIdentifier(node) || ts.isPropertyAccessExpression(node)) &&
        (ts.isCallExpression(node.parent) ||
          ts.isNewExpression(node.parent) ||
          ts.isPropertyAssignment(node.parent)) &&
        !(ts.isCallExpression(node.parent) && node.parent.expression === node) &&
        !(ts.isNewExpression(node.parent) && node.parent.expression === node) &&
        (!ts.isPropertyAssignment(node.parent) || node.parent.initializer === node)
      ) {
        // A sub-tree handed on whole (an argument, an object's property): follow it into the type it is handed to.
        const at = prefixesOf(checker.getTypeAtLocation(node));
        const target = at.length ? checker.getContextualType(node) : undefined;
        if (target) for (const prefix of at) if (addTree(target, prefix)) grew = true;
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return grew;
}
for (let round = 0; round < 8 && scan(); round++) {}

const problems: string[] = [];
for (const flag of ALL_FLAGS) {
  const files = readers.get(flag.name);
  const viaReplacement = flag.replacedBy !== undefined && readers.has(flag.replacedBy);
  const loader = READ_BY_LOADER[flag.name];
  const label = flag.runtime ?? flag.noEffect;
  // A flag whose only accepted value is its default is the built behaviour (`--secrets.type local`).
  const fixed = flag.choices?.length === 1 && flag.choices[0] === flag.default;
  if (process.argv.includes('--list')) {
    const by = files
      ? [...files].join(', ')
      : (loader ?? (viaReplacement ? `via --${flag.replacedBy}` : '-'));
    console.log(`${flag.name}${label ? ` [no effect: ${label}]` : ''}: ${by}`);
  }
  if (label && files) {
    problems.push(
      `--${flag.name} is labelled as without effect (${label}) but ${[...files].join(', ')} read it: drop the label or the read`,
    );
  } else if (!label && !files && !viaReplacement && !loader && !fixed) {
    problems.push(
      `--${flag.name} is read by no code and not labelled: build it, or say why it has no effect with \`runtime\` or \`noEffect\` in src/config/registry.ts`,
    );
  }
}
const labelled = ALL_FLAGS.filter((f) => f.runtime || f.noEffect).length;
console.log(
  `${ALL_FLAGS.length} flags: ${readers.size} read by the code, ${labelled} labelled as without effect`,
);
for (const problem of problems) console.error(problem);
process.exit(problems.length ? 1 : 0);
