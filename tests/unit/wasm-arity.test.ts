// The Embind functions' signatures, held three ways to one another: the
// argument count each function was bound with in C++ (Embind's `argCount`),
// the parameters web/src/core/wasm-module.ts declares for it, and the
// arguments of every call of it in web/src. A parameter added, dropped or
// moved on one side only fails here, by name, before any value is misread.
// Options that cross as records (Embind value_objects: encode's table,
// the attention options, RoPE's scaling) are held field by field: the names
// C++ binds (recordFields()) against the Wasm<Record> interface's properties.
// The TypeScript side is read with the compiler API, so nothing is listed twice.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, test } from 'vitest';
import type { ModuleCommon, ModuleFactory } from '../../web/src/core/wasm-module.js';
import createCore from '../../build/core/wasm/phasor.js';
import createCoreScalar from '../../build/core/wasm/phasor-scalar.js';
import createExperiments from '../../build/core/wasm/phasor-experiments.js';
import createExperimentsScalar from '../../build/core/wasm/phasor-experiments-scalar.js';

const root = new URL('../../', import.meta.url).pathname;
const declarations = join(root, 'web/src/core/wasm-module.ts');

// Embind's and Emscripten's own registrations, not ours.
const EMSCRIPTEN_FUNCTIONS = new Set([
  'BindingError',
  'InternalError',
  'UnboundTypeError',
  'count_emval_handles',
  'get_first_emval',
  'run',
]);

/** Each bound function of a module and the number of arguments Embind bound it with. */
function boundArities(wasm: ModuleCommon): Map<string, number> {
  const out = new Map<string, number>();
  for (const [name, value] of Object.entries(wasm)) {
    if (typeof value !== 'function' || name.startsWith('_') || name.startsWith('dynCall')) continue;
    if (EMSCRIPTEN_FUNCTIONS.has(name)) continue;
    out.set(name, (value as { argCount?: number }).argCount ?? -1);
  }
  return out;
}

function sourceFiles(dir: string): string[] {
  return ts.sys.readDirectory(dir, ['.ts'], undefined, undefined).filter((f) => !f.endsWith('.d.ts'));
}

let program: ts.Program;
let checker: ts.TypeChecker;

/** The methods an interface of wasm-module.ts declares (with those it extends), with their parameter counts. */
function declaredArities(interfaceName: string): Map<string, number> {
  const source = program.getSourceFile(declarations)!;
  const node = source.statements.find(
    (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === interfaceName,
  );
  if (!node) throw new Error(`wasm-module.ts declares no interface ${interfaceName}`);
  const out = new Map<string, number>();
  for (const property of checker.getPropertiesOfType(checker.getTypeAtLocation(node))) {
    const declaration = property.declarations?.[0];
    if (declaration && ts.isMethodSignature(declaration)) out.set(property.name, declaration.parameters.length);
  }
  return out;
}

/** The property names of an interface of wasm-module.ts, sorted. */
function declaredFields(interfaceName: string): string[] {
  const source = program.getSourceFile(declarations)!;
  const node = source.statements.find(
    (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === interfaceName,
  );
  if (!node) throw new Error(`wasm-module.ts declares no interface ${interfaceName}`);
  return node.members.map((m) => m.name!.getText(source)).sort();
}

/** The records (Wasm<Name>Record types) the wasm interfaces' parameters and records' fields name: the <Name>Records. */
function recordsUsed(interfaceNames: readonly string[]): Set<string> {
  const source = program.getSourceFile(declarations)!;
  const used = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isTypeReferenceNode(node)) {
      const name = node.typeName.getText(source);
      if (/^Wasm\w+Record$/.test(name) && !used.has(name.slice(4))) {
        used.add(name.slice(4));
        const record = source.statements.find((s) => ts.isInterfaceDeclaration(s) && s.name.text === name);
        if (record) visit(record);
      }
    }
    ts.forEachChild(node, visit);
  };
  for (const statement of source.statements) {
    if (ts.isInterfaceDeclaration(statement) && interfaceNames.includes(statement.name.text))
      for (const member of statement.members) if (ts.isMethodSignature(member)) member.parameters.forEach(visit);
  }
  return used;
}

interface CallSite {
  where: string;
  method: string;
  args: number;
  spread: boolean;
}

/** Every call in web/src whose callee resolves to a method of the wasm interfaces. */
function wasmCallSites(): CallSite[] {
  const sites: CallSite[] = [];
  for (const source of program.getSourceFiles()) {
    if (!source.fileName.startsWith(join(root, 'web/src')) || source.isDeclarationFile) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const declaration = checker.getResolvedSignature(node)?.getDeclaration();
        const owner = declaration?.parent;
        if (
          declaration &&
          ts.isMethodSignature(declaration) &&
          declaration.getSourceFile().fileName === declarations &&
          owner &&
          ts.isInterfaceDeclaration(owner)
        ) {
          const { line } = source.getLineAndCharacterOfPosition(node.getStart());
          sites.push({
            where: `${source.fileName.slice(root.length)}:${line + 1}`,
            method: node.expression.name.text,
            args: node.arguments.length,
            spread: node.arguments.some(ts.isSpreadElement),
          });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return sites;
}

const MODULES = [
  ['phasor.wasm', createCore, 'CoreWasm'],
  ['phasor-scalar.wasm', createCoreScalar, 'CoreWasm'],
  ['phasor-experiments.wasm', createExperiments, 'ExperimentsWasm'],
  ['phasor-experiments-scalar.wasm', createExperimentsScalar, 'ExperimentsWasm'],
] as const;

describe('the Embind signatures across the boundary', () => {
  const bound = new Map<string, Map<string, number>>();
  const records = new Map<string, Record<string, string[]>>();

  beforeAll(async () => {
    const config = ts.getParsedCommandLineOfConfigFile(
      join(root, 'tsconfig.json'),
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (d) => {
          throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
        },
      },
    )!;
    program = ts.createProgram(sourceFiles(join(root, 'web/src')), config.options);
    checker = program.getTypeChecker();
    for (const [file, factory] of MODULES) {
      const wasm = await (factory as ModuleFactory<ModuleCommon>)({
        wasmBinary: readFileSync(join(root, 'build/core/wasm', file)),
      });
      bound.set(file, boundArities(wasm));
      records.set(file, wasm.recordFields());
    }
  }, 120_000);

  for (const [file, , interfaceName] of MODULES) {
    test(`${file} binds exactly the functions ${interfaceName} declares, each with its declared argument count`, () => {
      const declared = declaredArities(interfaceName);
      expect(declared.size).toBeGreaterThan(3);
      expect(Object.fromEntries(bound.get(file)!)).toEqual(Object.fromEntries(declared));
    });
  }

  test('every call of a wasm function in web/src passes as many arguments as C++ binds', () => {
    const arity = new Map([...bound.get('phasor.wasm')!, ...bound.get('phasor-experiments.wasm')!]);
    const sites = wasmCallSites();
    // Every bound function is called from web/src (none is bound for nothing),
    // so every one is checked here; recordFields and scalingDefaults are read
    // by the wasm build alone (tools/finish-wasm.mjs writes tables.js from them).
    const calledByTheBuild = new Set(['recordFields', 'scalingDefaults']);
    expect(new Set(sites.map((s) => s.method))).toEqual(
      new Set([...arity.keys()].filter((name) => !calledByTheBuild.has(name))),
    );
    const wrong = sites
      .filter((s) => s.spread || s.args !== arity.get(s.method))
      .map(
        (s) =>
          `${s.where} ${s.method}: ${s.spread ? 'spread arguments' : `${s.args} arguments`}, C++ binds ${arity.get(s.method)}`,
      );
    expect(wrong).toEqual([]);
  });

  for (const [file] of MODULES) {
    test(`${file}: each record C++ binds has the fields its Wasm<Record> interface declares`, () => {
      const bound = records.get(file)!;
      expect(Object.keys(bound).length).toBeGreaterThanOrEqual(3);
      for (const [name, fields] of Object.entries(bound))
        expect({ [name]: declaredFields(`Wasm${name}`) }).toEqual({ [name]: [...fields].sort() });
    });
  }

  test('every record a wasm function takes (or a record holds) is one C++ binds, and each is taken', () => {
    const used = recordsUsed(['ModuleCommon', 'CoreWasm', 'ExperimentsWasm']);
    expect([...used].sort()).toEqual(Object.keys(records.get('phasor.wasm')!).sort());
  });
});
