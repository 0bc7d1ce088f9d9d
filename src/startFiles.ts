/**
 * Stands in src/main.tsx for the list of files src/start.tsx loads (its chunk and every chunk it
 * imports, however deep); vite.config.ts (startFiles) writes the list in its place at build time.
 * main.tsx asks for them a few per task instead of Vite's preload helper adding ~50
 * `<link rel="modulepreload">` in one task (issue 39: 1-5 ms a link on the main thread, the longest
 * task of a page's load on a phone). Its own module, so that importing it brings main.tsx nothing else.
 */
export const START_FILES_PLACEHOLDER = '__loyalty_start_files__';
