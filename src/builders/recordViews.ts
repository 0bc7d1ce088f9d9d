// The generated show, edit and create screens, one chunk apart from the generated list: a table's list
// (the page most often opened first) no longer loads the forms' inputs, date pickers and phone number
// metadata with it (issue 39). resourceModule.ts loads it on first use; the menu's prefetch
// (layout/prefetchScreens.ts) loads it once the browser is idle.
export { GeneratedCreate } from './GeneratedCreate';
export { GeneratedEdit } from './GeneratedEdit';
export { GeneratedShow } from './GeneratedShow';
