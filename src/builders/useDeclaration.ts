// The declaration a generated screen shows: the resource react-admin's context names (a `resource`
// prop wins, as with react-admin's own components), looked up by name in the registry (resources/).
import { useResourceContext } from 'react-admin';
import { resourceByName } from '../../resources';
import type { ResourceDeclaration } from './declarations';

export const useDeclaration = (props?: { resource?: string }): ResourceDeclaration => {
  const name = useResourceContext(props);
  const decl = name === undefined ? undefined : resourceByName(name);
  if (!decl) throw new Error(`no declared resource ${String(name)}`);
  return decl;
};
