// The portal's entry: it evaluates nothing of the portal until the browser has painted once.
// index.html's static app bar and page heading (contract/document.ts) are the first paint; the
// portal's code (src/start.tsx: React, react-admin, MUI and the providers) is evaluated after it, so
// the page is on the screen before the main thread is busy for the first time. On a phone that
// evaluation is hundreds of milliseconds; evaluated before the first frame (a fast network brings the
// code before the document is painted), it held that frame back (issue 39: first contentful paint).
// A hidden tab draws no frame, so there the portal starts at once.

import { preloadFiles } from './preloadFiles';

// ICU's first use, in a worker while the portal's code downloads (src/intlWarmup.ts); without workers
// (or refused), the page pays for it itself, as it did before
try {
  new Worker(new URL('./intlWarmup.ts', import.meta.url), { type: 'module' });
} catch {
  // nothing to do: the formats still work, made on the main thread
}

/**
 * Asks for the start's files two per task (src/preloadFiles.ts), then imports it: the import finds
 * them on their way. Vite's preload helper would add all ~50 links in one task.
 */
const loadStart = async (): Promise<void> => {
  await preloadFiles('__loyalty_files_of:src/start.tsx__');
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
