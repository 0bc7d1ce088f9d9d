// index.html's static app bar (contract/document.ts BOOT_SHELL_ID), painted before any script: it goes
// as soon as React's own app bar is in the page, or as soon as a page without an app bar shows. Its
// static page heading (BOOT_HEADING_ID, inside #boot-page) goes as soon as the page, or whatever
// shows instead of it (the denied page, another route, the app's error, the maintenance banner above
// the page), is in.
import { useLayoutEffect } from 'react';
import { BOOT_HEADING_ID, BOOT_SHELL_ID } from '../../contract/document';

export const removeBootShell = (): void => {
  document.getElementById(BOOT_SHELL_ID)?.remove();
};

export const removeBootHeading = (): void => {
  document.getElementById(BOOT_HEADING_ID)?.parentElement?.parentElement?.remove();
};

/**
 * Whether index.html's static heading is on the screen: the page's loaders (its chunk, the session)
 * then show nothing, as the heading stands where they would draw and already says the page is coming.
 */
export const bootHeadingShown = (): boolean =>
  document.documentElement.dataset.heading !== undefined && document.getElementById(BOOT_HEADING_ID) !== null;

/** Takes the static heading away, in the commit where `when` turns true (before the browser paints). */
export const useBootHeadingGone = (when = true): void => {
  useLayoutEffect(() => {
    if (when) removeBootHeading();
  }, [when]);
};
