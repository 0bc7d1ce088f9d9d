// The declaration types: a table is declared once, as plain data, and the server (routes, validation,
// table, indexes, scope) and the portal (list, show, edit, create, filters, export) are derived from it.
// Declarations hold no React, no Drizzle and no functions, so every layer can import them; each side
// has one `switch (field.type)` ending in an exhaustive `never` check.
import type { PermissionResource } from '../contract/access';
import type { Role } from '../contract/claims';
import type { PermissionAction, SortDirection } from '../contract/enums';
import type { ErrorName } from '../contract/errors';
import type { ServiceName } from '../contract/http';
import type { FilterOperator } from '../contract/list-query';

/** The closed set of field types. */
export const FIELD_TYPES = [
  'text',
  'number',
  'money',
  'boolean',
  'date',
  'datetime',
  'email',
  'phone',
  'url',
  'image',
  'select',
  'reference',
  'json',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Where a field appears. `filter` is implied by `filter` operators, not listed here. */
export const VIEWS = ['list', 'show', 'edit', 'create'] as const;
export type View = (typeof VIEWS)[number];

/** The operators each field type may declare (the server and a registry test enforce it). */
export const OPERATORS_FOR_TYPE = {
  text: ['eq', 'in', 'regex'],
  email: ['eq', 'in', 'regex'],
  phone: ['eq', 'in', 'regex'],
  url: ['eq', 'regex'],
  image: [],
  number: ['eq', 'in', 'gte', 'lte'],
  money: ['eq', 'gte', 'lte'],
  boolean: ['eq'],
  date: ['eq', 'gte', 'lte'],
  datetime: ['gte', 'lte'],
  select: ['eq', 'in'],
  reference: ['eq', 'in'],
  json: [],
} as const satisfies Record<FieldType, readonly FilterOperator[]>;

interface FieldBase {
  /** camelCase key on the wire; the column is its snake_case form */
  name: string;
  /** i18n key; defaults to `resources.<resource>.fields.<name>` */
  label?: string;
  /** English words of its label; default: made from its name (resources/words.ts: 'initialAmount' → 'Initial amount') */
  words?: string;
  /** required on create (and may not be cleared on edit) */
  required?: boolean;
  /** where the field is shown; default: every view */
  views?: readonly View[];
  /** set by the server only (ids, counters, computed states); ignored in writes, shown read-only */
  readOnly?: boolean;
  /** part of the list's free-text search (case-insensitive contains) */
  search?: boolean;
  /** the filter operators allowed on it; absent: not filterable */
  filter?: readonly FilterOperator[];
  sortable?: boolean;
  /** unique within the merchant scope (or globally for unscoped resources) */
  unique?: boolean;
  /** one line of help shown under the input */
  help?: string;
  /**
   * A state, lifecycle, counter or ledger field: it moves only through the loyalty operations
   * (docs/operations.md). A generic create naming it, or a generic update changing it, answers code 2 with
   * the field; the portal shows it read-only.
   */
  operationOnly?: boolean;
  /** the catalogue error answered instead of code 2 when a value breaks this field's min or max */
  error?: ErrorName;
}

export interface TextFieldDeclaration extends FieldBase {
  type: 'text' | 'email' | 'phone' | 'url' | 'image';
  maxLength?: number;
  minLength?: number;
  multiline?: boolean;
  default?: string;
  /**
   * The text may name the push placeholders (`{name}`, `{stamps}` …, contract/push.ts), filled per
   * member when a push is sent; an unknown placeholder answers code 2 naming the field when saved.
   */
  placeholders?: boolean;
  /**
   * A phone field holding a loyalty member's mobile (issue 25, privacy): answered whole only to a caller
   * who may VIEW `member`; anyone else gets it masked (contract/members.ts maskMobile), may find rows by
   * the exact number (filter eq/in, search) but not by a part of it (regex, contains), nor sort on it.
   * A registry test requires it of every phone field but the organisation's and the staff's own.
   */
  member?: boolean;
}

export interface NumberFieldDeclaration extends FieldBase {
  type: 'number';
  integer?: boolean;
  min?: number;
  max?: number;
  default?: number;
}

/** Stored as numeric(14,2); shown with the country's currency. */
export interface MoneyFieldDeclaration extends FieldBase {
  type: 'money';
  min?: number;
  max?: number;
  default?: number;
}

export interface BooleanFieldDeclaration extends FieldBase {
  type: 'boolean';
  default?: boolean;
}

export interface DateFieldDeclaration extends FieldBase {
  type: 'date' | 'datetime';
  /** the value is set by the server when the row is created (createTime) or updated (updateTime) */
  auto?: 'create' | 'update';
}

/**
 * A choice from one of contract/'s enumerations. `numeric: true` stores the choice's index (the spec's
 * numeric stamp card state: 0 AVAILABLE, 1 COMPLETED, 2 EXPIRED) while the wire carries the index too.
 */
export interface SelectFieldDeclaration extends FieldBase {
  type: 'select';
  choices: readonly string[];
  /** English words of some choices, by choice; default: made from the choice ('WAIT_EMAIL_ACTIVE' → 'Wait email active') */
  choiceWords?: Readonly<Record<string, string>>;
  numeric?: boolean;
  default?: string;
}

/** A foreign key to another declared resource's `id`. */
export interface ReferenceFieldDeclaration extends FieldBase {
  type: 'reference';
  reference: string;
  /** delete this row when the referenced one is deleted, instead of refusing the delete */
  cascade?: boolean;
}

export interface JsonFieldDeclaration extends FieldBase {
  type: 'json';
  /** the shape shown in the editor's help: 'list' or 'object' */
  shape?: 'list' | 'object';
}

export type FieldDeclaration =
  | TextFieldDeclaration
  | NumberFieldDeclaration
  | MoneyFieldDeclaration
  | BooleanFieldDeclaration
  | DateFieldDeclaration
  | SelectFieldDeclaration
  | ReferenceFieldDeclaration
  | JsonFieldDeclaration;

/**
 * How a merchant's rows are scoped. The server adds the scope columns (company_id, plus brand_id or
 * store_id) to the table, fills them from the caller's organisation on create and applies them in
 * every query, whatever the request says. `none`: the resource has no merchant rows (operators only,
 * or global read-only data such as industry config).
 */
export const SCOPES = ['company', 'brand', 'store', 'none'] as const;
export type Scope = (typeof SCOPES)[number];

/**
 * Side-menu groups of spec section 2, in the spec's order, each holding the spec's links only; the
 * features the spec does not name sit in groups of their own (docs/decisions.md "The spec's menus"):
 * `members` beside User, `risk` beside Transaction, `integrations` after Access.
 */
export const MENU_GROUPS = [
  'user',
  'members',
  'stampCards',
  'vouchers',
  'communications',
  'campaigns',
  'transaction',
  'risk',
  'device',
  'config',
  'analytics',
  'finance',
  'organization',
  'approve',
  'access',
  'integrations',
  'help',
] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

/** The icons a menu group may show, by name (the portal maps each to its Material icon). */
export const MENU_ICONS = [
  'people',
  'loyalty',
  'giftCard',
  'campaign',
  'receipt',
  'devices',
  'settings',
  'analytics',
  'wallet',
  'organisation',
  'approve',
  'security',
  'loyaltyMembers',
  'promotion',
  'risk',
  'integrations',
  'help',
] as const;
export type MenuIcon = (typeof MENU_ICONS)[number];

/**
 * Conditions on the viewer beyond role and permission, by name (the portal evaluates them):
 * `pushAllowed` a merchant sees it only when the push-notification check allows them (spec 6);
 * `settingUp` a merchant sees it only while their company or brand is still missing.
 */
export const PLACE_CONDITIONS = ['pushAllowed', 'settingUp'] as const;
export type PlaceCondition = (typeof PLACE_CONDITIONS)[number];

/** A screen's entry in the side menu: its group, its rank there and who sees it. */
export interface MenuEntry {
  group: MenuGroup;
  /** rank within the group (ascending); ties are an error the registry test reports */
  order: number;
  /** i18n key of the link's words; default: the screen's title */
  label?: string;
  /** the roles that see the link; default: every role that may open the screen */
  roles?: readonly Role[];
  /** a further condition on the viewer for the link only */
  when?: PlaceCondition;
}

/**
 * A named action on one row (or on selected rows when `bulk`): a state transition expressed as data,
 * `field` moves from one of `from` to `to`, run by the generic route `POST {path}/{id}/{name}` (or
 * `POST {path}/actions/{name}` with `{ids}` when bulk). Rules richer than a transition (stamping,
 * voiding with ledger effects) are services with routes of their own, written by hand.
 */
/** A rule across fields: `first` ≤ `last` (dates, numbers), else `error` naming `last`. */
export interface OrderRule {
  kind: 'order';
  first: string;
  last: string;
  error: ErrorName;
}

/**
 * `field` is required while `when.field` holds one of `when.in` (a push to one brand names the
 * brand), else code 2 naming `field`; the forms check it too.
 */
export interface RequiredWhenRule {
  kind: 'requiredWhen';
  field: string;
  when: { field: string; in: readonly string[] };
}

export type RuleDeclaration = OrderRule | RequiredWhenRule;

/** A unique index over `fields` (see `ResourceDeclaration.uniques`). */
export interface UniqueDeclaration {
  name: string;
  fields: readonly string[];
  where?: { field: string; in: readonly string[] };
  error: ErrorName;
}

/** `field` keeps its value while `while.field` is one of `while.in`. */
export interface FrozenDeclaration {
  field: string;
  while: { field: string; in: readonly string[] };
  error: ErrorName;
}

export interface ActionDeclaration {
  name: string;
  /** i18n key; defaults to `resources.<resource>.actions.<name>` */
  label?: string;
  /** English words of its button; default: made from its name ('markPaid' → 'Mark paid') */
  words?: string;
  /** who may run it (on top of the UPDATE permission on the resource) */
  roles: readonly Role[];
  /**
   * the permission whose UPDATE runs it, when not the table's: the counter's operations (stamping,
   * redeeming) are `counter`'s, so who runs the counter need not be able to configure the table
   */
  permission?: PermissionResource;
  field: string;
  from: readonly string[];
  to: string;
  /** a datetime field set to the time of the transition (e.g. redeemedAt) */
  stampField?: string;
  bulk?: boolean;
  /** ask 'Confirm to {action} - {item}?' first */
  confirm?: boolean;
  /**
   * Served by an operation of its own at the same URL (`POST {path}/{id}/{name}`, server/domains/…),
   * which does more than move the field (scheduling a push enqueues its sending): the generic route
   * is not registered for it; the portal's button is the same. Never `bulk`.
   */
  operation?: boolean;
  /** the URL segment after `{path}/{id}/` when it is not `name` (two arrows of one operation) */
  path?: string;
  /** the body the portal sends (`{failed: true}` for a failed device registration); `{}` when absent */
  body?: Readonly<Record<string, unknown>>;
  /** other fields that move with it: a device's `state` follows its lifecycle */
  set?: Readonly<Record<string, string>>;
  /** a refusal other than 11 STATE_TRANSITION_NOT_ALLOWED from states the row reaches by this or a later arrow (deregistering twice) */
  refuse?: readonly { from: readonly string[]; error: ErrorName }[];
}

/**
 * Every derived table also gets, without declaring them: `id` (serial, sortable, filter eq/in),
 * `createTime` and `updateTime` (sortable, filter gte/lte), and the scope columns of `scope`
 * (`companyId`, plus `brandId` or `storeId`), shown to operators as references.
 */
/**
 * Rows of `resource` whose `field` names the row being deleted and whose `when.field` is one of
 * `when.in` (a state) or above `when.gt` (an amount) keep it from being deleted.
 */
export interface DeleteGuardDeclaration {
  resource: string;
  field: string;
  when: { field: string; in?: readonly string[]; gt?: number };
  error: ErrorName;
}

/** The generic read routes a hand-written route may replace (`ResourceDeclaration.handWritten`). */
export const HAND_WRITTEN_ROUTES = ['list', 'export', 'get'] as const;
export type HandWrittenRoute = (typeof HAND_WRITTEN_ROUTES)[number];

export interface ResourceDeclaration {
  /** registry key and react-admin resource name, e.g. 'vouchers' */
  name: string;
  /** API path below the service's base path, e.g. '/vouchers' */
  path: string;
  /** default 'main' */
  service?: ServiceName;
  /**
   * the portal route of its list, e.g. '/vouchers' (spec section 2). Absent: the table has no list
   * screen of its own in the menu; its rows are reached from another screen (member cards from their
   * programme's page) at react-admin's /<name>/<id>/show.
   */
  route?: string;
  /** i18n key of the title; defaults to `resources.<name>.name` */
  label?: string;
  /** English words of its name, `'Singular |||| Plural'`; default: made from `name` ('giftCards' → 'Gift card |||| Gift cards') */
  words?: string;
  /** what `canAccess` checks for VIEW / ADD / UPDATE */
  permission: PermissionResource;
  /** which roles may do what at all, before permissions narrow it */
  access: Readonly<Record<PermissionAction, readonly Role[]>> & { DELETE?: readonly Role[] };
  scope: Scope;
  fields: readonly FieldDeclaration[];
  defaultSort: { field: string; direction: SortDirection };
  /** the field that names a row in references, titles and confirm dialogs */
  recordRepresentation: string;
  /** its list's entry in the side menu (group, rank, words, who sees it); absent: no menu entry */
  menu?: MenuEntry;
  /** i18n key of its list screen's title; default: the resource's name in the plural */
  title?: string;
  /** who may open its list screen; default: who may VIEW it (and who may create its rows by `createWith`) */
  routeRoles?: readonly Role[];
  /** a condition on the viewer for its screens and menu entry (push notifications: `pushAllowed`) */
  when?: PlaceCondition;
  /** the portal path of the screen it is opened from (the breadcrumb's parent and the menu link kept selected) */
  partOf?: string;
  actions?: readonly ActionDeclaration[];
  /** a row with this field is deleted softly: the field is set to this value instead */
  softDelete?: { field: string; value: string };
  /**
   * What may not hang under a row that is deleted (issue 24): a company while its wallet holds money,
   * a brand while its stores are open or its members hold live cards or vouchers, a store while a
   * device is registered there. The generic delete answers the first guard's `error` that holds.
   */
  deleteGuards?: readonly DeleteGuardDeclaration[];
  /**
   * 'derived' (default): the server derives the table and its indexes from this declaration.
   * 'existing': a hand-written table serves it (users, user groups); a registry test proves they match.
   */
  storage?: 'derived' | 'existing';
  /**
   * every create, update, delete and action on a row is written to the audit log (issue 5). Default:
   * on when some role may change rows through the generic routes (ADD, UPDATE or DELETE), off for a
   * read-only table; `false` turns it off on purpose (say why beside it). See `auditsChanges`.
   */
  audit?: boolean;
  /**
   * Catalogue names (contract/errors.ts) answered instead of the generic 5 NOT_FOUND and, per
   * unique field, 9 ALREADY_EXISTS, for tables whose family has codes of its own (company, brand, store).
   */
  errors?: {
    notFound?: ErrorName;
    duplicate?: Readonly<Record<string, ErrorName>>;
    /** answered when a row that operations reference is deleted (default 12 STILL_REFERENCED) */
    inUse?: ErrorName;
  };
  /** rules across fields, checked on every create and update (on the merged row) and by the forms */
  rules?: readonly RuleDeclaration[];
  /**
   * Unique indexes across fields, optionally partial (only rows whose `where.field` is one of
   * `where.in`): one AVAILABLE member card per member and programme, one receipt number per store.
   * The operations check them first and map a racing violation to `error`.
   */
  uniques?: readonly UniqueDeclaration[];
  /**
   * A field that may not change while another holds one of some values (an ACTIVE device keeps its
   * store: 26621); the generic update answers `error` naming the field.
   */
  frozen?: readonly FrozenDeclaration[];
  /**
   * Rows are created by an operation, not by the generic create (vouchers are issued from a pack):
   * the portal's create screen is hand-written for it, and the list's create button, labelled
   * `label` (an i18n key), leads there for `roles` (who may run the operation; the permission's ADD
   * still applies). The server's generic create follows `access.ADD`, typically nobody.
   */
  createWith?: {
    roles: readonly Role[];
    label: string;
    /** the permission whose ADD runs the operation, when not the table's (issuing vouchers: `counter`) */
    permission?: PermissionResource;
  };
  /**
   * An append-only ledger (voucher history, stamping history, wallet transactions): rows are written
   * by the operations only; no generic create, update or delete, for anybody.
   */
  ledger?: boolean;
  /**
   * Generic read routes that a hand-written route serves instead, at the same URL (the members list
   * and profile, server/domains/members/members.routes.ts): server/domains/tables/tables.routes.ts does not register them. The
   * portal's data provider calls the same URLs either way.
   */
  handWritten?: readonly HandWrittenRoute[];
  /**
   * Demo rows for `npm run seed:demo`, for a table that none of the seed's hand-written steps fills
   * (scripts/seed-demo/generic.ts). Each row holds wire values of the declared fields, as a create
   * body does (a numeric select may name its choice): `{ title: 'Summer gift', value: 25 }`. The seed
   * fills what the rows leave out as it fills a table without `demo` (required fields, the field's
   * default or a value spread over its choices, a reference to an existing row of the same company),
   * and the scope columns: a scoped table gets every row once per demo company (spread over its
   * brands or stores), an unscoped one once. References, scope columns and read-only fields are the
   * seed's, not the rows'. The rows are checked against the create schema and `rules` before they are
   * written. Absent: the seed writes three rows (per company when scoped) made from the field types.
   */
  demo?: { rows: readonly DemoRow[] };
}

/** Does the generic engine write `decl`'s changes to the audit log? (`audit`, default: when writable.) */
export const auditsChanges = (decl: ResourceDeclaration): boolean =>
  decl.audit ??
  (!decl.ledger && [decl.access.ADD, decl.access.UPDATE, decl.access.DELETE ?? []].some((r) => r.length > 0));

/** One demo row of `ResourceDeclaration.demo`: field name to wire value. */
export type DemoRow = Readonly<
  Record<string, string | number | boolean | null | readonly unknown[] | Readonly<Record<string, unknown>>>
>;
