import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../src');
/** Relative imports and re-exports, type-only ones included: a cycle of types is a cycle of ideas. */
const IMPORT = /(?:import|export)\s[^'"]*?from\s+'(\.{1,2}\/[^']+)'|import\('(\.{1,2}\/[^']+)'\)/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Every import cycle among the package's source files, each as the list of files around it. */
function importCycles(): string[][] {
  const graph = new Map<string, string[]>();
  for (const file of sources(SRC)) {
    const targets = [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((m) =>
      resolve(dirname(file), (m[1] ?? m[2]!).replace(/\.js$/, '.ts')),
    );
    graph.set(file, targets);
  }
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string): void => {
    state.set(file, 'open');
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push([...path.slice(path.indexOf(next)), next].map((f) => relative(SRC, f)));
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return cycles;
}

test('no module of the package imports itself through others (type imports count)', () => {
  expect(importCycles()).toEqual([]);
});
