// The layout's rules (docs/architecture.md), read from the imports of every source file: no import
// circle anywhere (type-only and lazy imports count), the server's layers run one way (platform <
// resources < domains < the composition root), the domains form no circle between them either, and
// the portal, the server and the shared declarations stay apart; an operation calls none of what
// reacts to it (it emits an event, server/platform/events.ts).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');
const SOURCE_DIRS = ['contract', 'resources', 'src', 'server', 'mocks'];
const EXTENSIONS = ['', '.ts', '.tsx', '.cjs', '/index.ts', '/index.tsx'];

const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'migrations' ? [] : walk(p);
    return /\.(ts|tsx|cjs)$/.test(e.name) ? [path.relative(ROOT, p)] : [];
  });

const FILES = SOURCE_DIRS.flatMap((d) => walk(path.join(ROOT, d)));
const FILE_SET = new Set(FILES);

// `import … from`, `export … from`, `import '…'`, `import('…')`, `require('…')`
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)(['"])(\.{1,2}\/[^'"\n]+)\1/g;

/** The files each file imports (relative imports only; packages are not ours). */
const GRAPH: ReadonlyMap<string, readonly string[]> = new Map(
  FILES.map((file) => {
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    const targets = new Set<string>();
    for (const m of text.matchAll(SPECIFIER)) {
      const base = path.join(path.dirname(file), m[2] ?? '');
      const hit = EXTENSIONS.map((e) => base + e).find((p) => FILE_SET.has(p));
      if (hit) targets.add(hit);
    }
    return [file, [...targets]];
  }),
);

/** Strongly connected components of more than one node (or a node importing itself): the circles. */
const circles = (graph: ReadonlyMap<string, readonly string[]>): string[][] => {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w === undefined) break;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
};

/** The server's layer of a file: 0 platform, 1 the generic resources engine, 2 a domain, 3 the root. */
const serverLayer = (file: string): number | undefined => {
  if (!file.startsWith('server/')) return undefined;
  if (file.startsWith('server/platform/')) return 0;
  if (file.startsWith('server/resources/')) return 1;
  if (file.startsWith('server/domains/')) return 2;
  return 3;
};
const LAYER_NAMES = ['server/platform', 'server/resources', 'server/domains', 'the composition root'];

const domainOf = (file: string): string | undefined =>
  file.startsWith('server/domains/') ? file.split('/')[2] : undefined;

const edges = (): [string, string][] =>
  [...GRAPH].flatMap(([from, tos]) => tos.map((to) => [from, to] as [string, string]));

describe('the layout', () => {
  it('reads every source file', () => {
    expect(FILES.length).toBeGreaterThan(300);
    expect(GRAPH.get('server/app.ts')).toContain('server/platform/config.ts');
  });

  it('has no import circle (type-only and lazy imports included)', () => {
    expect(circles(GRAPH)).toEqual([]);
  });

  it('runs the server layers one way: platform < resources < domains < app.ts, server.ts, jobs.ts', () => {
    const upward = edges()
      .filter(([from, to]) => {
        const a = serverLayer(from);
        const b = serverLayer(to);
        return a !== undefined && b !== undefined && b > a;
      })
      .map(([from, to]) => `${from} (${LAYER_NAMES[serverLayer(from) ?? 0]}) → ${to}`);
    expect(upward).toEqual([]);
  });

  it('has no circle between the domains', () => {
    const byDomain = new Map<string, Set<string>>();
    for (const [from, to] of edges()) {
      const a = domainOf(from);
      const b = domainOf(to);
      if (a && b && a !== b) byDomain.set(a, (byDomain.get(a) ?? new Set()).add(b));
    }
    const graph = new Map([...byDomain].map(([k, v]) => [k, [...v]] as const));
    expect(circles(graph)).toEqual([]);
  });

  it('keeps the portal, the server and the shared declarations apart', () => {
    const crossing = edges()
      .filter(([from, to]) => {
        if (from.startsWith('src/') || from.startsWith('mocks/')) return to.startsWith('server/');
        if (from.startsWith('server/')) return to.startsWith('src/') || to.startsWith('mocks/');
        if (from.startsWith('contract/')) return !to.startsWith('contract/');
        if (from.startsWith('resources/')) return !to.startsWith('resources/') && !to.startsWith('contract/');
        return false;
      })
      .map(([from, to]) => `${from} → ${to}`);
    expect(crossing).toEqual([]);
  });

  it('lets operations emit events instead of calling what reacts to them', () => {
    const reactions =
      /\b(memberActivityChanged|refreshStanding|levelsAfterActivity|addStanding|linksAtBirth|passCardsChanged)\(/;
    const calling = FILES.filter(
      (f) =>
        f.startsWith('server/domains/') &&
        !['members', 'pocket'].includes(domainOf(f) ?? '') &&
        reactions.test(readFileSync(path.join(ROOT, f), 'utf8')),
    );
    expect(calling).toEqual([]);
  });

  it("keeps the portal's shared pieces below its pages: src/builders and src/components import no page", () => {
    const upward = edges()
      .filter(
        ([from, to]) =>
          (from.startsWith('src/builders/') || from.startsWith('src/components/')) &&
          to.startsWith('src/pages/'),
      )
      .map(([from, to]) => `${from} → ${to}`);
    expect(upward).toEqual([]);
  });
});
