// The named scopes of a TypeScript or JavaScript source, read by the
// TypeScript compiler's parser: functions, classes and their members,
// interfaces, types, enums, module-level variables and variables that hold a
// function. Names are dotted from the outermost (`PhasorHeatmapElement.draw`,
// `encodeBins`, `CONVENTIONS.fairseq.point` for a function in an object literal).
import ts from 'typescript';

// A function-valued initializer makes a local variable a scope of its own.
const holdsFunction = (node) =>
  node !== undefined && (ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isClassExpression(node));

function scopeName(node) {
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  if (
    ts.isFunctionDeclaration(node) ||
    ts.isClassDeclaration(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node) ||
    ts.isPropertyDeclaration(node) ||
    ts.isInterfaceDeclaration(node) ||
    ts.isTypeAliasDeclaration(node) ||
    ts.isEnumDeclaration(node) ||
    ts.isModuleDeclaration(node)
  ) {
    return node.name && (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name)) ? node.name.text : undefined;
  }
  if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) {
    const moduleLevel = ts.isSourceFile(node.parent.parent.parent);
    return moduleLevel || holdsFunction(node.initializer) ? node.name.text : undefined;
  }
  // An object literal's functions, and the objects that hold them (`CONVENTIONS.fairseq.point`).
  if (
    ts.isPropertyAssignment(node) &&
    (holdsFunction(node.initializer) || ts.isObjectLiteralExpression(node.initializer)) &&
    (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name))
  ) {
    return node.name.text;
  }
  return undefined;
}

/**
 * Each named scope of a .ts/.mjs/.js source: { name, start, end }, `name`
 * dotted, [start, end) the declaration (a variable's: its whole statement when
 * it declares only it).
 */
export function tsScopes(source, fileName) {
  const kind = /\.m?js$/.test(fileName) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, kind);
  const scopes = [];
  const visit = (node, outer) => {
    const name = scopeName(node);
    let inner = outer;
    if (name !== undefined) {
      let span = node;
      if (ts.isVariableDeclaration(node) && node.parent.declarations.length === 1) span = node.parent.parent;
      inner = [...outer, name];
      scopes.push({ name: inner.join('.'), start: span.getStart(file), end: span.end });
    }
    ts.forEachChild(node, (child) => visit(child, inner));
  };
  visit(file, []);
  return scopes;
}
