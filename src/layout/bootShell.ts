// index.html's static app bar (contract/document.ts BOOT_SHELL_ID), painted before any script: it goes
// as soon as React's own app bar is in the page, or as soon as a page without an app bar shows. Its
// static page heading (BOOT_HEADING_ID, inside #boot-page) goes as soon as the page, or whatever
// shows instead of it (the denied page, another route, the app's error), is in.
import { BOOT_HEADING_ID, BOOT_SHELL_ID } from '../../contract/document';

export const removeBootShell = (): void => {
  document.getElementById(BOOT_SHELL_ID)?.remove();
};

export const removeBootHeading = (): void => {
  document.getElementById(BOOT_HEADING_ID)?.parentElement?.parentElement?.remove();
};
