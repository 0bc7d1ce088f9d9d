// The portal's entry: it evaluates nothing of the portal until the browser has painted once.
// index.html's static app bar and page heading (contract/document.ts) are the first paint; the
// portal's code (src/start.tsx: React, react-admin, MUI and the providers) is evaluated after it, so
// the page is on the screen before the main thread is busy for the first time. On a phone that
// evaluation is hundreds of milliseconds; evaluated before the first frame (a fast network brings the
// code before the document is painted), it held that frame back (issue 39: first contentful paint).
// A hidden tab draws no frame, so there the portal starts at once.

import { START_FILES_PLACEHOLDER } from './startFiles';

// ICU's first use, in a worker while the portal's code downloads (src/intlWarmup.ts); without workers
// (or refused), the page pays for it itself, as it did before
try {
  new Worker(new URL('./intlWarmup.ts', import.meta.url), { type: 'module' });
} catch {
  // nothing to do: the formats still work, made on the main thread
}

/**
 * src/start.tsx's files (its chunk and every chunk it imports), written in at build time
 * (vite.config.ts startFiles); in dev the placeholder stays and the browser finds the files itself.
 */
const START_FILES: unknown = START_FILES_PLACEHOLDER;
/** links added per task: each costs the main thread 1-5 ms (more on a phone) */
const LINKS_PER_TASK = 2;

/** The next task, without the 4 ms that nested timers wait. */
const nextTask = (): Promise<void> =>
  new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });

/**
 * Asks for the start's files a few per task, then imports it: the import finds them on their way. Vite's
 * preload helper would add every `<link rel="modulepreload">` in one task (issue 39: ~50 links, the
 * longest task of a page's load).
 */
const loadStart = async (): Promise<void> => {
  const files = Array.isArray(START_FILES) ? START_FILES.filter((f) => typeof f === 'string') : [];
  for (let i = 0; i < files.length; i += LINKS_PER_TASK) {
    for (const href of files.slice(i, i + LINKS_PER_TASK)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.appendChild(link);
    }
    await nextTask();
  }
  await import('./start');
};

let started = false;
const start = (): void => {
  if (started) return;
  started = true;
  void loadStart();
};

if (document.visibilityState === 'hidden') start();
else {
  // after the frame that requestAnimationFrame precedes: its paint is done when the timer runs
  requestAnimationFrame(() => setTimeout(start, 0));
  // a browser that throttles frames (a tab in the background as it loads) still starts
  setTimeout(start, 100);
}
