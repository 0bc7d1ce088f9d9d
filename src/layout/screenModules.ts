// The table screens' modules, loaded once through these loaders by the routes (src/routes.tsx), the
// resources (src/builders/lazyResources.ts) and the prefetch (./prefetchScreens.ts): once one of them
// has loaded a module, the others' lazy screens render at once (src/components/lazyModule.ts).
import { moduleLoader } from '../components/lazyModule';
import { afterFiles } from '../preloadFiles';

/**
 * The spec routes' table pages (and, through its imports, the builders' registry). Its ~55 files are
 * asked for two per task first (src/preloadFiles.ts): a list's page loads them at start.
 */
export const resourcePagesModule = moduleLoader(
  afterFiles(
    '__loyalty_files_of:src/pages/resources/ResourcePages.tsx__',
    () => import('../pages/resources/ResourcePages'),
  ),
);

/** Every declared table's built list, show, edit and create (with the hand-written overrides). */
export const registryModule = moduleLoader(() => import('../pages/resources/registry'));
