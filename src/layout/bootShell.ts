// index.html's static app bar (contract/document.ts BOOT_SHELL_ID), painted before any script: it goes
// as soon as React's own app bar is in the page, or as soon as a page without an app bar shows.
import { BOOT_SHELL_ID } from '../../contract/document';

export const removeBootShell = (): void => {
  document.getElementById(BOOT_SHELL_ID)?.remove();
};
