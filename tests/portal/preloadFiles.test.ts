// src/preloadFiles.ts: the build's file lists linked as modulepreload, two per task, each file once;
// and the menu's pages prefetched one per task (its `inTasks`, as src/layout/ShellMenu.tsx calls it).
import { afterEach, expect, it } from 'vitest';
import { inTasks, preloadFiles } from '../../src/preloadFiles';

const linked = (): string[] =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
    (l) => new URL(l.href).pathname,
  );

afterEach(() => {
  for (const l of document.head.querySelectorAll('link')) l.remove();
});

it('links each file once across calls that run at once, two per call and task, and none the document has', async () => {
  const existing = document.createElement('link');
  existing.rel = 'modulepreload';
  existing.href = '/assets/pf-shared-0.js';
  document.head.appendChild(existing);

  const first = [
    '/assets/pf-a.js',
    '/assets/pf-shared-0.js',
    '/assets/pf-shared-1.js',
    '/assets/pf-shared-2.js',
  ];
  const second = ['/assets/pf-shared-1.js', '/assets/pf-b.js', '/assets/pf-shared-2.js', '/assets/pf-c.js'];
  const both = Promise.all([preloadFiles(first), preloadFiles(second)]);
  // the first task: two links of each call, the second skipping what the first has taken on
  expect(linked()).toEqual([
    '/assets/pf-shared-0.js',
    '/assets/pf-a.js',
    '/assets/pf-shared-1.js',
    '/assets/pf-b.js',
    '/assets/pf-c.js',
  ]);
  await both;
  expect(linked().sort()).toEqual(
    [
      '/assets/pf-a.js',
      '/assets/pf-b.js',
      '/assets/pf-c.js',
      '/assets/pf-shared-0.js',
      '/assets/pf-shared-1.js',
      '/assets/pf-shared-2.js',
    ].sort(),
  );
  // as a module script asks for them (CORS mode), so the import finds them in the cache
  for (const l of document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]'))
    if (l !== existing) expect(l.getAttribute('crossorigin'), l.href).toBe('');
});

it('links nothing for what is not a list (the placeholder left as it is in dev)', async () => {
  await preloadFiles('__loyalty_files_of:src/start.tsx__');
  await preloadFiles(undefined);
  expect(linked()).toEqual([]);
});

it("prefetches the menu's pages one per task, not all in the task that asks", async () => {
  const asked: string[] = [];
  const done = inTasks(['/analytics', '/config/systemConfig', '/access/merchant-access'], 1, (p) => {
    asked.push(p);
  });
  expect(asked).toEqual(['/analytics']);
  // microtasks alone do not reach the next page: it waits for a task of its own
  await Promise.resolve();
  await Promise.resolve();
  expect(asked).toEqual(['/analytics']);
  await done;
  expect(asked).toEqual(['/analytics', '/config/systemConfig', '/access/merchant-access']);
});
