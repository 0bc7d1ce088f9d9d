// Pieces that several table declarations (./tables/) hold alike: who may do what, and the fields and
// actions that mean the same in every table that has them. Each is plain `as const` data (or a
// function that returns such data when it is built), so a declaration that spreads or lists one still
// holds plain data with its literal types (WireRow<typeof table>, the derived tables read them).
import type { Role } from '../contract/claims';
import { ORG_STATES, USER_TYPES } from '../contract/enums';
import type { ActionDeclaration, ResourceDeclaration, View } from './types';

type Access = ResourceDeclaration['access'];

/** Operators and merchants read the rows; nobody writes them through the generic routes (operations do). */
export const READ_ONLY_ACCESS = {
  VIEW: ['operator', 'merchant'],
  ADD: [],
  UPDATE: [],
  DELETE: [],
} as const satisfies Access;

/** Finance rows: merchants read their own (canAccess refuses finance to operators); operations write them. */
export const MERCHANT_READ_ONLY_ACCESS = {
  VIEW: ['merchant'],
  ADD: [],
  UPDATE: [],
  DELETE: [],
} as const satisfies Access;

/** Product-wide settings that only operators see and keep. */
export const OPERATORS_ONLY_ACCESS = {
  VIEW: ['operator'],
  ADD: ['operator'],
  UPDATE: ['operator'],
  DELETE: ['operator'],
} as const satisfies Access;

/** Product-wide content that operators keep and merchants may read. */
export const OPERATORS_KEEP_ACCESS = {
  ...OPERATORS_ONLY_ACCESS,
  VIEW: ['operator', 'merchant'],
} as const satisfies Access;

/** A merchant's own rows, which operators and merchants alike add and edit; no generic delete. */
export const SHARED_ACCESS = {
  VIEW: ['operator', 'merchant'],
  ADD: ['operator', 'merchant'],
  UPDATE: ['operator', 'merchant'],
} as const satisfies Access;

/** As `SHARED_ACCESS`, and either may delete them too. */
export const SHARED_ACCESS_WITH_DELETE = {
  ...SHARED_ACCESS,
  DELETE: ['operator', 'merchant'],
} as const satisfies Access;

/**
 * Company, brand and store: operators and merchants read and edit them; operators add them directly
 * (a merchant's come through signup or an approval request) and only operators delete them.
 */
export const ORGANISATION_ACCESS = {
  VIEW: ['operator', 'merchant'],
  ADD: ['operator'],
  UPDATE: ['operator', 'merchant'],
  DELETE: ['operator'],
} as const satisfies Access;

/**
 * An append-only ledger of movements (stampings, voucher events, push deliveries, level moves):
 * written by the operations only, read by operators and merchants, newest first by its `LEDGER_AT`.
 */
export const MOVEMENT_LEDGER = {
  access: READ_ONLY_ACCESS,
  ledger: true,
  defaultSort: { field: 'at', direction: 'desc' },
} as const satisfies Partial<ResourceDeclaration>;

/** The views of a field left out of the list: long texts, images, settings read on the row's page. */
export const DETAIL_VIEWS = ['show', 'edit', 'create'] as const satisfies readonly View[];

/** The views of a field the server sets (counters, times): shown, never edited. */
export const READ_VIEWS = ['list', 'show'] as const satisfies readonly View[];

/** A row whose `state` has a DELETE value is deleted softly: the state moves there instead. */
export const SOFT_DELETE_STATE = { field: 'state', value: 'DELETE' } as const;

/** The text that names a row (a name or title): required, searched, filtered and sorted on; add `name`. */
export const NAMING_TEXT = {
  type: 'text',
  required: true,
  maxLength: 120,
  search: true,
  filter: ['eq', 'in', 'regex'],
  sortable: true,
} as const;

/** The name of a company, brand or store: unique (the family answers its own duplicate error). */
export const ORGANISATION_NAME = { name: 'name', ...NAMING_TEXT, unique: true } as const;

/** A row's longer description, on its page and forms only. */
export const DESCRIPTION = {
  name: 'description',
  type: 'text',
  maxLength: 1000,
  multiline: true,
  views: DETAIL_VIEWS,
} as const;

/** An image's URL shown on the row's page and forms, not in the list; add `name`. */
export const DETAIL_IMAGE = { type: 'image', maxLength: 500, views: DETAIL_VIEWS } as const;

/** Where a row stands in the member app's lists (banners, industries): ascending, 0 first. */
export const SORT_ORDER = {
  name: 'sortOrder',
  type: 'number',
  integer: true,
  min: 0,
  max: 10_000,
  default: 0,
  sortable: true,
} as const;

/** What a programme or pack costs a member: required, up to 100,000, filtered and sorted on. */
export const PRICE = {
  name: 'price',
  type: 'money',
  required: true,
  min: 0,
  max: 100_000,
  filter: ['gte', 'lte'],
  sortable: true,
} as const;

/** How many rows (member cards, vouchers) a programme or pack has issued: moved only by issuing; add `help`. */
export const ISSUED_COUNT = {
  name: 'issuedCount',
  type: 'number',
  integer: true,
  min: 0,
  readOnly: true,
  operationOnly: true,
  default: 0,
  filter: ['gte', 'lte'],
  sortable: true,
  views: READ_VIEWS,
} as const;

/** A loyalty member's mobile (masked to whoever may not VIEW members); add `name` and the rest. */
export const MEMBER_PHONE = { type: 'phone', member: true, maxLength: 20 } as const;

/** A member's mobile that a row must name, found by the whole number or a part of it. */
export const REQUIRED_MEMBER_MOBILE = {
  name: 'memberMobile',
  ...MEMBER_PHONE,
  required: true,
  search: true,
  filter: ['eq', 'in', 'regex'],
} as const;

/** When a ledger row's movement happened: required, the list's time filter and its default sort. */
export const LEDGER_AT = {
  name: 'at',
  type: 'datetime',
  required: true,
  filter: ['gte', 'lte'],
  sortable: true,
} as const;

/** A push notification's title, typed or filled from a template, with `{name}`-style placeholders. */
export const PUSH_TITLE = {
  name: 'title',
  type: 'text',
  required: true,
  maxLength: 65,
  search: true,
  filter: ['eq', 'regex'],
  sortable: true,
  placeholders: true,
} as const;

/** A push notification's body, typed or filled from a template, with `{name}`-style placeholders. */
export const PUSH_BODY = {
  name: 'body',
  type: 'text',
  required: true,
  maxLength: 240,
  multiline: true,
  placeholders: true,
} as const;

/** Whether a portal user or group is the operators' or a merchant's: set by the server. */
export const USER_TYPE = {
  name: 'type',
  type: 'select',
  choices: USER_TYPES,
  readOnly: true,
  filter: ['eq', 'in'],
  sortable: true,
  views: READ_VIEWS,
} as const;

/** A reference that the list can filter by (eq, in): `name` holds an id of `table`. */
export const filterableReference = <const N extends string, const T extends string>(name: N, table: T) =>
  ({ name, type: 'reference', reference: table, filter: ['eq', 'in'] }) as const;

/** A row's `state` over `choices`, starting at `initial`, that the list filters and sorts by. */
export const stateField = <const C extends readonly string[], const D extends C[number]>(
  choices: C,
  initial: D,
) =>
  ({
    name: 'state',
    type: 'select',
    choices,
    default: initial,
    filter: ['eq', 'in'],
    sortable: true,
  }) as const;

/** A company, brand or store's state: it moves only through approval and the declared actions (docs/api.md). */
export const ORGANISATION_STATE = { ...stateField(ORG_STATES, 'ACTIVE'), readOnly: true } as const;

/** How the disable and enable buttons run: on selected rows too (`bulk`), after a confirm dialog (`confirm`). */
type SwitchOptions = Pick<ActionDeclaration, 'bulk' | 'confirm'>;

/** The two actions that switch a row's `state` from ACTIVE to DISABLED and back, run by `roles`. */
export const disableEnableActions = <const R extends readonly Role[], const O extends SwitchOptions>(
  roles: R,
  options: O,
) =>
  [
    { name: 'disable', roles, field: 'state', from: ['ACTIVE'], to: 'DISABLED', ...options },
    { name: 'enable', roles, field: 'state', from: ['DISABLED'], to: 'ACTIVE', ...options },
  ] as const;
