// A dynamic import's files, asked for a few per task (issue 39). Vite's preload helper adds a
// `<link rel="modulepreload">` for every file a dynamic import needs, all in one task, and each link
// costs the main thread 1-5 ms (more on a phone): the start's ~50 files and the table pages' ~55 were
// the longest tasks of a list's load. A list written in at build time (vite.config.ts preloadLists)
// is asked for here two links per task instead; the import that follows finds every file on its way,
// and Vite's helper, which skips a file the document already links, adds nothing.
//
// The list is a string literal where the module's import is: `__loyalty_files_of:`, the module's
// path from the project's root, then `__`. The build writes in its place the files of that module's
// chunk and of every chunk it imports, however deep, but those the chunk holding the literal has
// already loaded, and gives Vite's helper no list for that module's imports. In dev the literal
// stays, and the import finds its files itself.

/** links added per task */
const LINKS_PER_TASK = 2;

/** The next task, without the 4 ms that nested timers wait. */
const nextTask = (): Promise<void> =>
  new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });

/** Calls `each` on `items`, `perTask` of them per task, and resolves in the task after the last. */
export const inTasks = async <T>(
  items: readonly T[],
  perTask: number,
  each: (item: T) => void,
): Promise<void> => {
  for (let i = 0; i < items.length; i += perTask) {
    for (const item of items.slice(i, i + perTask)) each(item);
    await nextTask();
  }
};

/**
 * The files a call has taken on, linked or still to link: calls that run at once (the idle prefetch
 * asks for four chunks together, whose files overlap) link each file once.
 */
const taken = new Set<string>();

/** Links every file of `list` (a list the build wrote in; anything else is no list), two per task. */
export const preloadFiles = async (list: unknown): Promise<void> => {
  if (!Array.isArray(list)) return;
  const linked = new Set([...document.querySelectorAll('link')].map((l) => l.href));
  const files = list.filter((f): f is string => {
    if (typeof f !== 'string') return false;
    const href = new URL(f, document.baseURI).href;
    if (linked.has(href) || taken.has(href)) return false;
    taken.add(href);
    return true;
  });
  await inTasks(files, LINKS_PER_TASK, (href) => {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  });
};

/**
 * A dynamic import that links its files first (`list`: a placeholder the build writes in, see above),
 * for a `moduleLoader`: `afterFiles('__loyalty_files_of:<module>__', () => import('<module>'))`.
 */
export const afterFiles =
  <M>(list: unknown, load: () => Promise<M>): (() => Promise<M>) =>
  async () => {
    await preloadFiles(list);
    return load();
  };
