import { SHARED_ACCESS_WITH_DELETE } from '../fragments';
import type { ResourceDeclaration } from '../types';

/**
 * A segment (issue 25): a company's saved audience, a filter over the members list's fields in the
 * contract's filter JSON (`MEMBER_FILTER_FIELDS`, contract/members.ts). It holds no members: who is in
 * it is worked out whenever it is asked (`GET /segments/{id}/reach`, a push sent to it).
 */
export const segments = {
  name: 'segments',
  path: '/segments',
  route: '/aotg/segments',
  title: 'common.screens.segments',
  menu: { group: 'members', order: 3, label: 'menu.members.segments' },
  permission: 'segment',
  access: SHARED_ACCESS_WITH_DELETE,
  scope: 'company',
  recordRepresentation: 'name',
  defaultSort: { field: 'name', direction: 'asc' },
  audit: true,
  fields: [
    {
      name: 'name',
      type: 'text',
      required: true,
      maxLength: 80,
      unique: true,
      search: true,
      filter: ['eq', 'in', 'regex'],
      sortable: true,
    },
    { name: 'description', type: 'text', maxLength: 500, multiline: true, views: ['show', 'edit', 'create'] },
    {
      name: 'filter',
      type: 'json',
      shape: 'list',
      required: true,
      help: 'Who is in it: the members list filters, e.g. [{"field":"levelId","op":"eq","value":3}]',
    },
  ],
} as const satisfies ResourceDeclaration;
