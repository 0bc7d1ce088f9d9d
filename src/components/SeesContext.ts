// May the caller open the screen at a path? Answered by the shell (layout/ShellLayout.tsx, from the
// screens' places in src/routes.tsx) for the pages inside it, so that a page offering links to other
// screens (tabs, "see also" links) hides the ones the caller may not open without importing the
// routes, which import the pages. Outside the shell nothing is offered.
import { createContext, useContext } from 'react';

export const SeesContext = createContext<(path: string) => boolean>(() => false);

/** The shell's answer to "may the caller open `path`?" */
export const useSees = (): ((path: string) => boolean) => useContext(SeesContext);
