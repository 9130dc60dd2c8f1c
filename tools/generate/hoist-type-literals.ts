import ts from 'typescript';

/**
 * The same types in a smaller declaration file: every object type literal that occurs more than
 * once, comments included (the correlation-id headers of each operation, the empty `parameters`
 * of each path item, the `responses` of similar operations...), is written once as a module-local
 * alias `Shared<Member>` and referenced where it occurred. An alias of a type literal is the same
 * type, so `paths`, `operations` and `components` are unchanged (the rest-client test
 * generated-types.test-d.ts compares them with test-fixtures' copy, which is not hoisted); what
 * changes is the size of what a consumer's type check parses and binds (the declaration file of
 * commerce.ts shrinks from about 18 000 to 11 500 syntax nodes). Deterministic: the largest saving
 * first, ties in source order.
 */
export function hoistRepeatedTypeLiterals(source: string, minNodes = 8): string {
  const nodeCount = (node: ts.Node): number => {
    let n = 1;
    ts.forEachChild(node, (child) => void (n += nodeCount(child)));
    return n;
  };
  let text = source;
  const aliases: string[] = [];
  const names = new Set<string>();
  for (;;) {
    const file = ts.createSourceFile('generated.ts', text, ts.ScriptTarget.Latest, true);
    const groups = new Map<string, { raw: string; nodes: ts.TypeLiteralNode[]; size: number; member: string }>();
    const visit = (node: ts.Node, member: string): void => {
      if (ts.isTypeLiteralNode(node) && node.members.length > 0) {
        const raw = text.slice(node.getStart(file), node.end);
        const key = raw.replace(/\s+/g, ' ');
        const group = groups.get(key) ?? { raw, nodes: [], size: nodeCount(node), member };
        group.nodes.push(node);
        groups.set(key, group);
      }
      const named = (ts.isPropertySignature(node) || ts.isInterfaceDeclaration(node)) && node.name !== undefined;
      const next =
        named && (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name) || ts.isNumericLiteral(node.name)) ? node.name.text : member;
      ts.forEachChild(node, (child) => visit(child, next));
    };
    visit(file, '');
    let best: { raw: string; nodes: ts.TypeLiteralNode[]; size: number; member: string } | undefined;
    for (const group of groups.values()) {
      if (group.nodes.length < 2 || group.size < minNodes) continue;
      if (!best || (group.nodes.length - 1) * group.size > (best.nodes.length - 1) * best.size) best = group;
    }
    if (!best) break;
    const member = /^\d/.test(best.member) ? `Status${best.member}` : best.member;
    const base = `Shared${member.replace(/(?:^|[^A-Za-z0-9]+)([A-Za-z0-9])/g, (_, c: string) => c.toUpperCase())}`;
    let name = base;
    for (let i = 2; names.has(name) || new RegExp(`\\b${name}\\b`).test(source); i++) name = `${base}V${i}`;
    names.add(name);
    for (const node of [...best.nodes].sort((a, b) => b.pos - a.pos))
      text = text.slice(0, node.getStart(file)) + name + text.slice(node.end);
    aliases.push(`type ${name} = ${best.raw};`);
  }
  if (aliases.length === 0) return source;
  return `${text}\n/* Type literals that occur more than once above, written once (a smaller declaration file; the same types). */\n${aliases.join('\n')}\n`;
}
