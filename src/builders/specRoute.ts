// Where a table's rows are listed for the user: the spec route its declaration names (`route`),
// with that page's heading, menu and tabs (/organization/store, /config/systemConfig), not
// react-admin's bare /<name> list. Saving an edit and deleting a row land there.
import type { RedirectionSideEffect } from 'react-admin';
import type { ResourceDeclaration } from './declarations';

/** The list a save or a delete goes back to: the declaration's spec route, else react-admin's list. */
export const listRedirectOf = ({ route }: Pick<ResourceDeclaration, 'route'>): RedirectionSideEffect =>
  route === undefined ? 'list' : () => route;
