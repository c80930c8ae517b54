import type { Plugin } from 'vite';

/** A part's id: its module's with this query and its number (not `\0…`: Rollup leaves those out of source maps). */
const PART = '?declaration=';
const originalOf = (partId: string) => partId.slice(0, partId.lastIndexOf(PART));

/** The little of ESTree the splitting reads (Rollup's `this.parse` gives the full tree). */
interface EsNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}
const childrenOf = (node: EsNode): EsNode[] =>
  Object.values(node)
    .flatMap((value) => (Array.isArray(value) ? value : [value]))
    .filter((child): child is EsNode => typeof (child as EsNode | null)?.type === 'string');
const nameOf = (node: unknown) => ((node as EsNode).name ?? (node as EsNode).value) as string;

/** The names a binding or assignment target binds: `a`, `[a, b]`, `{ a, b: c, ...d }`, `a = 1`; not `a.b`. */
function boundNames(node: EsNode | null): string[] {
  if (!node) return [];
  if (node.type === 'Identifier') return [nameOf(node)];
  if (node.type === 'ArrayPattern') return (node.elements as (EsNode | null)[]).flatMap(boundNames);
  if (node.type === 'ObjectPattern')
    return (node.properties as EsNode[]).flatMap((p) => boundNames(p.type === 'Property' ? (p.value as EsNode) : p));
  if (node.type === 'RestElement') return boundNames(node.argument as EsNode);
  if (node.type === 'AssignmentPattern') return boundNames(node.left as EsNode);
  return [];
}

/**
 * The names a statement refers to and the ones it assigns. Over-approximated (a local that shadows a
 * top-level name counts as that name): a needless import between two parts costs nothing.
 */
function namesUsedBy(statement: EsNode): { used: Set<string>; assigned: Set<string> } {
  const used = new Set<string>();
  const assigned = new Set<string>();
  const visit = (node: EsNode, parent: EsNode | null) => {
    const isPropertyName =
      parent !== null &&
      !parent.computed &&
      ((parent.type === 'MemberExpression' && parent.property === node) ||
        (/^(Property|MethodDefinition|PropertyDefinition)$/.test(parent.type) &&
          parent.key === node &&
          !parent.shorthand));
    if (node.type === 'Identifier' && !isPropertyName) used.add(nameOf(node));
    if (node.type === 'AssignmentExpression' || node.type === 'ForInStatement' || node.type === 'ForOfStatement')
      boundNames(node.left as EsNode).forEach((name) => assigned.add(name));
    if (node.type === 'UpdateExpression') boundNames(node.argument as EsNode).forEach((name) => assigned.add(name));
    for (const child of childrenOf(node)) visit(child, node);
  };
  visit(statement, null);
  return { used, assigned };
}

/**
 * Splits each module `modules` matches into one module per top-level declaration (statements that assign
 * each other's bindings stay together); the module itself becomes a facade that re-exports them, so
 * Rollup can put each part into the chunk of the pages that use it instead of the module whole into the
 * chunk of all of them. Only for modules of declarations: a statement run for its effect fails the build,
 * since a part that nothing uses is not evaluated. A part is its module's own text (source maps name it
 * `<module>?declaration=<n>`).
 */
export function splitIntoDeclarations(modules: RegExp): Plugin {
  const parts = new Map<string, string>();
  return {
    name: 'split-into-declarations',
    apply: 'build',
    resolveId: {
      order: 'pre',
      handler(source, importer) {
        if (source.includes(PART)) return { id: source, moduleSideEffects: false };
        // A part's imports are its module's: resolved from the module's file.
        if (importer?.includes(PART)) return this.resolve(source, originalOf(importer), { skipSelf: true });
        return null;
      },
    },
    load(id) {
      return parts.get(id) ?? null;
    },
    transform: {
      order: 'post',
      handler(code, id) {
        if (!modules.test(id)) return null;
        const body = (this.parse(code) as unknown as { body: EsNode[] }).body;
        const importOf = new Map<string, EsNode>();
        const declarations: { statement: EsNode; names: string[] }[] = [];
        const exported: [local: string, as: string][] = [];
        const facade: string[] = [];
        for (const statement of body) {
          const declaration =
            statement.type === 'ExportNamedDeclaration' ? (statement.declaration as EsNode | null) : statement;
          if (statement.type === 'ImportDeclaration') {
            for (const specifier of statement.specifiers as EsNode[]) importOf.set(nameOf(specifier.local), statement);
          } else if (statement.type === 'ExportAllDeclaration' || statement.source) {
            facade.push(code.slice(statement.start, statement.end)); // `export … from`: stays with the module
          } else if (statement.type === 'ExportNamedDeclaration' && !declaration) {
            for (const specifier of statement.specifiers as EsNode[])
              exported.push([nameOf(specifier.local), nameOf(specifier.exported)]);
          } else {
            const names =
              declaration?.type === 'VariableDeclaration'
                ? (declaration.declarations as EsNode[]).flatMap((d) => boundNames(d.id as EsNode))
                : declaration?.type === 'FunctionDeclaration' || declaration?.type === 'ClassDeclaration'
                  ? [nameOf(declaration.id)]
                  : [];
            if (names.length === 0) this.error(`a top-level ${statement.type} cannot be split off`);
            if (statement !== declaration) exported.push(...names.map((name): [string, string] => [name, name]));
            declarations.push({ statement, names });
          }
        }

        const owner = new Map(declarations.flatMap(({ names }, index) => names.map((name) => [name, index] as const)));
        // An imported binding cannot be assigned: a statement that assigns another's binding joins its part.
        const group = declarations.map((_, index) => index);
        const root = (index: number): number => (group[index] === index ? index : (group[index] = root(group[index])));
        const used = declarations.map(({ statement }, index) => {
          const names = namesUsedBy(statement);
          for (const name of names.assigned) if (owner.has(name)) group[root(owner.get(name)!)] = root(index);
          return names.used;
        });
        const partId = (index: number) => `${id}${PART}${root(index)}`;

        for (const part of new Set(declarations.map((_, index) => root(index)))) {
          const members = declarations.map((_, index) => index).filter((index) => root(index) === part);
          const own = new Set(members.flatMap((index) => declarations[index].names));
          const needs = new Set(members.flatMap((index) => [...used[index]]));
          const keep = new Set(members.map((index) => declarations[index].statement));
          for (const name of needs) if (importOf.has(name)) keep.add(importOf.get(name)!);
          // Each statement with the comments before it (`@__NO_SIDE_EFFECTS__` annotations stay with theirs),
          // an exported one without its `export` (the part exports its names below).
          let text = '';
          let from = 0;
          for (const statement of body) {
            const declaration = statement.declaration as EsNode | null | undefined;
            if (keep.has(statement))
              text += declaration
                ? code.slice(from, statement.start) + code.slice(declaration.start, statement.end)
                : code.slice(from, statement.end);
            from = statement.end;
          }
          const fromOtherParts = [...needs].filter((name) => !own.has(name) && owner.has(name));
          parts.set(
            partId(part),
            [
              text,
              ...fromOtherParts.map((name) => `import { ${name} } from ${JSON.stringify(partId(owner.get(name)!))};`),
              `export { ${[...own].join(', ')} };`,
            ].join('\n'),
          );
        }
        for (const [local, as] of exported) {
          if (!owner.has(local)) this.error(`the re-export of its import ${local} cannot be split off`);
          facade.push(`export { ${local} as ${as} } from ${JSON.stringify(partId(owner.get(local)!))};`);
        }
        return { code: facade.join('\n'), map: { mappings: '' }, moduleSideEffects: false };
      },
    },
  };
}
