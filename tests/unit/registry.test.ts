// Walks the resource registry. Each rule is a function from a list of declarations to the problems it
// finds; every rule is run on the real registry (no problems) and on a copy broken on purpose (the
// expected problem), so no rule can pass by never looking.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  canAccess,
  FINANCE_RESOURCES,
  OPERATOR_ONLY_RESOURCES,
  OPERATOR_READABLE_FINANCE,
  PERMISSION_RESOURCES,
} from '../../contract/access';
import { ROLES } from '../../contract/claims';
import * as enums from '../../contract/enums';
import { NAMED_TABLES } from '../../contract/enums';
import {
  type ActionDeclaration,
  type FieldDeclaration,
  MENU_GROUPS,
  OPERATORS_FOR_TYPE,
  RESOURCE_NAMES,
  RESOURCES,
  type ResourceDeclaration,
  resourceByName,
  SCOPES,
  VIEWS,
} from '../../resources';
import { auditsChanges } from '../../resources/types';
import { resourceWords } from '../../resources/words';
import { effectiveScope } from '../../server/platform/db/naming';
import { mergeMessages } from '../../src/i18n/merge';
import { resourcesEn } from '../../src/i18n/resources.en';
import { englishPortalMessages } from '../../src/providers/i18nProvider';

type Res = ResourceDeclaration;
type Rule = (resources: readonly Res[]) => string[];

/** Fields every derived table gets without declaring them (resources/types.ts). */
const implicitFields = (r: Res): string[] => {
  const scopeColumns: Record<Res['scope'], string[]> = {
    company: ['companyId'],
    brand: ['companyId', 'brandId'],
    store: ['companyId', 'storeId'],
    none: [],
  };
  return ['id', 'createTime', 'updateTime', ...scopeColumns[r.scope]];
};
const IMPLICIT_SORTABLE = ['id', 'createTime', 'updateTime'];

const allFieldNames = (r: Res) => [...r.fields.map((f) => f.name), ...implicitFields(r)];
const fieldOf = (r: Res, name: string) => r.fields.find((f) => f.name === name);
const duplicates = (values: readonly string[]) => values.filter((v, i) => values.indexOf(v) !== i);

/** Every array contract/enums exports: select choices must be one of these very arrays. */
const ENUM_ARRAYS: readonly unknown[] = Object.values(enums).filter((v) => Array.isArray(v));

const eachField = (resources: readonly Res[], check: (r: Res, f: FieldDeclaration) => string | undefined) =>
  resources.flatMap((r) => r.fields.map((f) => check(r, f)).filter((p): p is string => p !== undefined));

const eachAction = (resources: readonly Res[], check: (r: Res, a: ActionDeclaration) => string[]) =>
  resources.flatMap((r) => (r.actions ?? []).flatMap((a) => check(r, a)));

const whereProblems = (r: Res, name: string, where: { field: string; in: readonly string[] }): string[] => {
  const f = fieldOf(r, where.field);
  if (f?.type !== 'select') return [`${r.name}: ${name} depends on ${where.field}, not a declared select`];
  return where.in
    .filter((v) => !f.choices.includes(v))
    .map((v) => `${r.name}: ${name}: ${v} is not a choice`);
};

const RULES: Record<string, Rule> = {
  'resource names are unique': (rs) => duplicates(rs.map((r) => r.name)).map((n) => `duplicate name ${n}`),
  'API paths are unique within a service': (rs) =>
    duplicates(rs.map((r) => `${r.service ?? 'main'}${r.path}`)).map((p) => `duplicate path ${p}`),
  'portal routes are unique': (rs) =>
    duplicates(rs.flatMap((r) => (r.route === undefined ? [] : [r.route]))).map(
      (p) => `duplicate route ${p}`,
    ),
  'every named table of the spec is declared': (rs) =>
    NAMED_TABLES.filter((t) => !rs.some((r) => r.name === t)).map((t) => `missing ${t}`),
  'every route is a portal path and every screen it belongs to is a route': (rs) =>
    rs.flatMap((r) =>
      [r.route, r.partOf]
        .filter((p): p is string => p !== undefined && !/^(\/[A-Za-z][\w-]*)+$/.test(p))
        .map((p) => `${r.name}: ${p} is not a portal path`),
    ),
  'paths are a slash and lower-case kebab words': (rs) =>
    rs.filter((r) => !/^(\/[a-z][a-z-]*)+$/.test(r.path)).map((r) => `${r.name}: path ${r.path}`),
  'every permission is a permission resource': (rs) =>
    rs
      .filter((r) => !(PERMISSION_RESOURCES as readonly string[]).includes(r.permission))
      .map((r) => `${r.name}: permission ${r.permission}`),
  'scope is one of SCOPES': (rs) =>
    rs.filter((r) => !(SCOPES as readonly string[]).includes(r.scope)).map((r) => `${r.name}: ${r.scope}`),
  'field names are unique and do not shadow implicit fields': (rs) =>
    rs.flatMap((r) => {
      const declared = r.fields.map((f) => f.name);
      return [
        ...duplicates(declared).map((n) => `${r.name}.${n} declared twice`),
        ...declared.filter((n) => implicitFields(r).includes(n)).map((n) => `${r.name}.${n} is implicit`),
      ];
    }),
  'field names are camelCase': (rs) =>
    eachField(rs, (r, f) => (/^[a-z][A-Za-z0-9]*$/.test(f.name) ? undefined : `${r.name}.${f.name}`)),
  "every field's operators are allowed for its type": (rs) =>
    eachField(rs, (r, f) => {
      const allowed: readonly string[] = OPERATORS_FOR_TYPE[f.type];
      const bad = (f.filter ?? []).filter((op) => !allowed.includes(op));
      return bad.length > 0 ? `${r.name}.${f.name} (${f.type}): ${bad.join(',')}` : undefined;
    }),
  'views are known views': (rs) =>
    eachField(rs, (r, f) =>
      (f.views ?? []).some((v) => !(VIEWS as readonly string[]).includes(v))
        ? `${r.name}.${f.name}`
        : undefined,
    ),
  'every reference names a declared resource': (rs) =>
    eachField(rs, (r, f) =>
      f.type === 'reference' && !rs.some((t) => t.name === f.reference)
        ? `${r.name}.${f.name} -> ${f.reference}`
        : undefined,
    ),
  "every select's choices are one of contract/enums' arrays": (rs) =>
    eachField(rs, (r, f) =>
      f.type === 'select' && !ENUM_ARRAYS.includes(f.choices) ? `${r.name}.${f.name}` : undefined,
    ),
  'select defaults are choices': (rs) =>
    eachField(rs, (r, f) =>
      f.type === 'select' && f.default !== undefined && !f.choices.includes(f.default)
        ? `${r.name}.${f.name} default ${f.default}`
        : undefined,
    ),
  'ranges and lengths are consistent': (rs) =>
    eachField(rs, (r, f) => {
      if ((f.type === 'number' || f.type === 'money') && f.min !== undefined && f.max !== undefined) {
        if (f.min > f.max) return `${r.name}.${f.name} min > max`;
      }
      if ('maxLength' in f && f.minLength !== undefined && f.maxLength !== undefined) {
        if (f.minLength > f.maxLength) return `${r.name}.${f.name} minLength > maxLength`;
      }
      return undefined;
    }),
  'a required field is writable and on the create form': (rs) =>
    eachField(rs, (r, f) => {
      // rows no generic create writes (ledgers, operation-made rows) have no create form
      if (!f.required || r.ledger || r.access.ADD.length === 0) return undefined;
      if (f.readOnly) return `${r.name}.${f.name} required but readOnly`;
      if (f.views && !f.views.includes('create')) return `${r.name}.${f.name} required but not on create`;
      return undefined;
    }),
  'defaultSort names a sortable field': (rs) =>
    rs
      .filter((r) => {
        const f = fieldOf(r, r.defaultSort.field);
        return f ? !f.sortable : !IMPLICIT_SORTABLE.includes(r.defaultSort.field);
      })
      .map((r) => `${r.name}: ${r.defaultSort.field}`),
  'recordRepresentation names a field': (rs) =>
    rs
      .filter((r) => !allFieldNames(r).includes(r.recordRepresentation))
      .map((r) => `${r.name}: ${r.recordRepresentation}`),
  'softDelete moves a select field to one of its choices': (rs) =>
    rs
      .filter((r) => r.softDelete)
      .filter((r) => {
        const f = fieldOf(r, r.softDelete?.field ?? '');
        return f?.type !== 'select' || !f.choices.includes(r.softDelete?.value ?? '');
      })
      .map((r) => `${r.name}: ${r.softDelete?.field}=${r.softDelete?.value}`),
  'action names are unique per resource': (rs) =>
    rs.flatMap((r) => duplicates((r.actions ?? []).map((a) => a.name)).map((n) => `${r.name}.${n}`)),
  'actions move a select field between its choices': (rs) =>
    eachAction(rs, (r, a) => {
      const f = fieldOf(r, a.field);
      if (f?.type !== 'select') return [`${r.name}.${a.name}: field ${a.field} is not a declared select`];
      return [...a.from, a.to]
        .filter((v) => !f.choices.includes(v))
        .map((v) => `${r.name}.${a.name}: ${v} is not a choice of ${a.field}`);
    }),
  // an operation may (a failed device registration tried again records another failure)
  'an action never moves a field to a state it starts from': (rs) =>
    eachAction(rs, (r, a) => (a.from.includes(a.to) && a.operation !== true ? [`${r.name}.${a.name}`] : [])),
  'unique indexes and frozen fields name declared fields and choices': (rs) =>
    rs.flatMap((r) => [
      ...(r.uniques ?? []).flatMap((u) => [
        ...u.fields
          .filter((f) => !fieldOf(r, f) && !['companyId', 'brandId', 'storeId'].includes(f))
          .map((f) => `${r.name}: unique ${u.name} names ${f}`),
        ...(u.where ? whereProblems(r, `unique ${u.name}`, u.where) : []),
      ]),
      ...(r.frozen ?? []).flatMap((z) => [
        ...(fieldOf(r, z.field) ? [] : [`${r.name}: frozen ${z.field} is not declared`]),
        ...whereProblems(r, `frozen ${z.field}`, z.while),
      ]),
    ]),
  'delete guards name a declared resource, its link field and a choice or an amount': (rs) =>
    rs.flatMap((r) =>
      (r.deleteGuards ?? []).flatMap((g) => {
        const dep = rs.find((x) => x.name === g.resource);
        if (!dep) return [`${r.name}: delete guard on unknown resource ${g.resource}`];
        const problems = allFieldNames(dep).includes(g.field)
          ? []
          : [`${r.name}: delete guard ${g.resource}.${g.field} is not a field`];
        if (g.when.in)
          return [
            ...problems,
            ...whereProblems(dep, `delete guard of ${r.name}`, { field: g.when.field, in: g.when.in }),
          ];
        const f = fieldOf(dep, g.when.field);
        return f?.type === 'money' || f?.type === 'number'
          ? problems
          : [...problems, `${r.name}: delete guard ${g.resource}.${g.when.field} is not an amount`];
      }),
    ),
  "an action's stampField is a datetime field": (rs) =>
    eachAction(rs, (r, a) =>
      a.stampField !== undefined && fieldOf(r, a.stampField)?.type !== 'datetime'
        ? [`${r.name}.${a.name}: ${a.stampField}`]
        : [],
    ),
  // an operation's route is guarded by its arrow's own roles (stamping a member card, which has no
  // generic update); a generic action by the resource's UPDATE roles too
  "a generic action's roles may update the resource": (rs) =>
    eachAction(rs, (r, a) =>
      a.operation === true
        ? []
        : a.roles
            .filter((role) => !r.access.UPDATE.includes(role))
            .map((role) => `${r.name}.${a.name}: ${role}`),
    ),
  'roles are known roles': (rs) =>
    rs.flatMap((r) =>
      Object.entries(r.access).flatMap(([action, roles]) =>
        (roles ?? [])
          .filter((x) => !(ROLES as readonly string[]).includes(x))
          .map((x) => `${r.name}.${action}: ${x}`),
      ),
    ),
  // ... except reading payment history (docs/operations.md: the operator's Transaction > Payment History)
  'finance resources give operators no access at all': (rs) =>
    rs
      .filter((r) => (FINANCE_RESOURCES as readonly string[]).includes(r.permission) || r.name === 'account')
      .flatMap((r) => {
        const readable = (OPERATOR_READABLE_FINANCE as readonly string[]).includes(r.permission);
        const problems = Object.entries(r.access)
          .filter(([action, roles]) => (roles ?? []).includes('operator') && !(readable && action === 'VIEW'))
          .map(([action]) => `${r.name}: operator may ${action}`);
        if (!readable && canAccess({ type: 'OPERATOR' }, { action: 'VIEW', resource: r.permission })) {
          problems.push(`${r.name}: canAccess lets an operator view ${r.permission}`);
        }
        return problems;
      }),
  'operator-only resources give merchants no access': (rs) =>
    rs
      .filter((r) => (OPERATOR_ONLY_RESOURCES as readonly string[]).includes(r.permission))
      .flatMap((r) =>
        Object.entries(r.access)
          .filter(([, roles]) => (roles ?? []).includes('merchant'))
          .map(([action]) => `${r.name}: merchant may ${action}`),
      ),
  // the company table, declared unscoped, is scoped by its own id (a merchant's own company)
  'merchants never write unscoped rows': (rs) =>
    rs
      .filter((r) => effectiveScope(r) === 'none')
      .flatMap((r) =>
        (['ADD', 'UPDATE', 'DELETE'] as const)
          .filter((action) => (r.access[action] ?? []).includes('merchant'))
          .map((action) => `${r.name}: merchant may ${action} unscoped rows`),
      ),
  'a declared role for an action is one canAccess can grant': (rs) =>
    rs.flatMap((r) =>
      (['VIEW', 'ADD', 'UPDATE'] as const).flatMap((action) =>
        r.access[action]
          .filter(
            (role) =>
              !canAccess(
                { type: role === 'operator' ? 'OPERATOR' : 'MERCHANT' },
                { action, resource: r.permission },
              ),
          )
          .map((role) => `${r.name}: ${role} ${action} is refused by canAccess`),
      ),
    ),
  'a menu entry belongs to a table with a route, once per place in its group': (rs) => {
    const withMenu = rs.filter((r) => r.menu);
    return [
      ...duplicates(withMenu.map((r) => `${r.menu?.group}#${r.menu?.order}`)).map(
        (k) => `duplicate menu place ${k}`,
      ),
      ...withMenu.filter((r) => r.route === undefined).map((r) => `${r.name}: a menu entry without a route`),
      ...withMenu
        .filter((r) => !(MENU_GROUPS as readonly string[]).includes(r.menu?.group ?? ''))
        .map((r) => `${r.name}: menu group ${r.menu?.group}`),
    ];
  },
  'only users and user groups use existing storage': (rs) =>
    rs
      .filter((r) => r.storage === 'existing' && !['users', 'userGroups'].includes(r.name))
      .map((r) => `${r.name}: existing storage`),
  // a ledger's rows are written by the operations alone: no role may write it generically (the
  // service refuses anyway; the declaration must not promise otherwise). DELETE falls back to UPDATE.
  'a ledger gives no role ADD, UPDATE or DELETE': (rs) =>
    rs
      .filter((r) => r.ledger)
      .flatMap((r) =>
        (['ADD', 'UPDATE', 'DELETE'] as const).flatMap((action) =>
          (action === 'DELETE' ? (r.access.DELETE ?? r.access.UPDATE) : r.access[action]).map(
            (role) => `${r.name}: ledger lets ${role} ${action}`,
          ),
        ),
      ),
  // the field's own code replaces code 2 for a value past its min or max: a range it must have
  "a field's own error code belongs to a number or money field with a min or max": (rs) =>
    eachField(rs, (r, f) => {
      if (f.error === undefined) return undefined;
      if ((f.type === 'number' || f.type === 'money') && (f.min !== undefined || f.max !== undefined))
        return undefined;
      return `${r.name}.${f.name} (${f.type}): error ${f.error} without a numeric range`;
    }),
  'a rule across fields names declared fields (order: two of the same type; required-when: a select and its choices)':
    (rs) =>
      rs.flatMap((r) =>
        (r.rules ?? []).flatMap((rule) => {
          if (rule.kind === 'requiredWhen') {
            const field = fieldOf(r, rule.field);
            const when = fieldOf(r, rule.when.field);
            const name = `${r.name}: ${rule.field} required when ${rule.when.field}`;
            if (!field || !when) return [`${name} names an undeclared field`];
            if (field.required) return [`${name}: ${rule.field} is required anyway`];
            if (when.type !== 'select') return [`${name}: ${rule.when.field} is not a select`];
            const unknown = rule.when.in.filter((v) => !when.choices.includes(v));
            return unknown.length > 0 ? [`${name}: ${unknown.join(', ')} not among its choices`] : [];
          }
          const first = fieldOf(r, rule.first);
          const last = fieldOf(r, rule.last);
          const name = `${r.name}: rule ${rule.first} ≤ ${rule.last}`;
          if (!first || !last) return [`${name} names an undeclared field`];
          if (rule.first === rule.last) return [`${name} names one field twice`];
          if (first.type !== last.type) return [`${name} compares ${first.type} with ${last.type}`];
          return [];
        }),
      ),
};

/** Deep copy of the registry, broken by `mutate`, for the rule's negative case. */
const broken = (mutate: (rs: Res[]) => void): Res[] => {
  const copy = (RESOURCES as readonly Res[]).map((r) => ({
    ...r,
    access: { ...r.access },
    fields: r.fields.map((f) => ({ ...f })),
    actions: r.actions?.map((a) => ({ ...a })),
  })) as unknown as Res[]; // a mutable copy of the as-const declarations
  mutate(copy);
  return copy;
};
type Mutable<T> = { -readonly [K in keyof T]: T[K] };
const res = (rs: Res[], name: string) => {
  const r = rs.find((x) => x.name === name);
  if (!r) throw new Error(`no ${name}`);
  return r as Mutable<Res>;
};
const field = (rs: Res[], name: string, fieldName: string) => {
  const f = res(rs, name).fields.find((x) => x.name === fieldName);
  if (!f) throw new Error(`no ${name}.${fieldName}`);
  return f as Mutable<FieldDeclaration> & Record<string, unknown>;
};
const action = (rs: Res[], name: string, actionName: string) => {
  const a = res(rs, name).actions?.find((x) => x.name === actionName);
  if (!a) throw new Error(`no ${name}.${actionName}`);
  return a as Mutable<ActionDeclaration>;
};

/** For each rule: how to break the registry, and a piece of the problem that must then be reported. */
const BREAKAGES: Record<keyof typeof RULES, [(rs: Res[]) => void, string]> = {
  'resource names are unique': [
    (rs) => {
      res(rs, 'brand').name = 'store';
    },
    'duplicate name store',
  ],
  'API paths are unique within a service': [
    (rs) => {
      res(rs, 'brand').path = '/stores';
    },
    'main/stores',
  ],
  'portal routes are unique': [
    (rs) => {
      res(rs, 'brand').route = '/device';
    },
    'duplicate route /device',
  ],
  'every named table of the spec is declared': [
    (rs) => {
      rs.splice(
        rs.findIndex((r) => r.name === 'stampingHistory'),
        1,
      );
    },
    'missing stampingHistory',
  ],
  'every route is a portal path and every screen it belongs to is a route': [
    (rs) => {
      res(rs, 'memberLevels').partOf = '/aotg/';
    },
    'memberLevels: /aotg/ is not a portal path',
  ],
  'paths are a slash and lower-case kebab words': [
    (rs) => {
      res(rs, 'push').path = 'push';
    },
    'push: path push',
  ],
  'every permission is a permission resource': [
    (rs) => {
      res(rs, 'push').permission = 'pushes' as Res['permission'];
    },
    'push: permission pushes',
  ],
  'scope is one of SCOPES': [
    (rs) => {
      res(rs, 'push').scope = 'tenant' as Res['scope'];
    },
    'push: tenant',
  ],
  'field names are unique and do not shadow implicit fields': [
    (rs) => {
      res(rs, 'store').fields = [...res(rs, 'store').fields, { name: 'brandId', type: 'number' }];
    },
    'store.brandId is implicit',
  ],
  'field names are camelCase': [
    (rs) => {
      field(rs, 'store', 'postalCode').name = 'postal_code';
    },
    'store.postal_code',
  ],
  "every field's operators are allowed for its type": [
    (rs) => {
      field(rs, 'vouchers', 'redeemedAt').filter = ['eq', 'gte'];
    },
    'vouchers.redeemedAt (datetime): eq',
  ],
  'views are known views': [
    (rs) => {
      field(rs, 'store', 'code').views = ['grid'] as never;
    },
    'store.code',
  ],
  'every reference names a declared resource': [
    (rs) => {
      field(rs, 'vouchers', 'voucherPackId').reference = 'voucherPack';
    },
    'vouchers.voucherPackId -> voucherPack',
  ],
  "every select's choices are one of contract/enums' arrays": [
    (rs) => {
      // equal values, but a copy: choices must be the contract's array itself
      field(rs, 'vouchers', 'state').choices = ['AVAILABLE', 'REDEEMED', 'EXPIRED'];
    },
    'vouchers.state',
  ],
  'select defaults are choices': [
    (rs) => {
      field(rs, 'vouchers', 'state').default = 'ACTIVE';
    },
    'vouchers.state default ACTIVE',
  ],
  'ranges and lengths are consistent': [
    (rs) => {
      field(rs, 'store', 'latitude').min = 100;
    },
    'store.latitude min > max',
  ],
  'a required field is writable and on the create form': [
    (rs) => {
      field(rs, 'push', 'sentCount').required = true;
    },
    'push.sentCount required but readOnly',
  ],
  'defaultSort names a sortable field': [
    (rs) => {
      res(rs, 'store').defaultSort = { field: 'address', direction: 'asc' };
    },
    'store: address',
  ],
  'recordRepresentation names a field': [
    (rs) => {
      res(rs, 'store').recordRepresentation = 'title';
    },
    'store: title',
  ],
  'softDelete moves a select field to one of its choices': [
    (rs) => {
      res(rs, 'store').softDelete = { field: 'state', value: 'REMOVED' };
    },
    'store: state=REMOVED',
  ],
  'action names are unique per resource': [
    (rs) => {
      action(rs, 'store', 'enable').name = 'disable';
    },
    'store.disable',
  ],
  'actions move a select field between its choices': [
    (rs) => {
      action(rs, 'store', 'enable').to = 'SPOILT';
    },
    'store.enable: SPOILT is not a choice of state',
  ],
  'an action never moves a field to a state it starts from': [
    (rs) => {
      action(rs, 'store', 'enable').from = ['ACTIVE', 'DISABLED'];
    },
    'store.enable',
  ],
  'unique indexes and frozen fields name declared fields and choices': [
    (rs) => {
      const cards = res(rs, 'memberCards') as { uniques?: { where?: { in: string[] } }[] };
      const where = cards.uniques?.[0]?.where;
      if (where) where.in = ['PLUGGED_IN'];
    },
    'memberCards: unique member_cards_one_available: PLUGGED_IN is not a choice',
  ],
  'delete guards name a declared resource, its link field and a choice or an amount': [
    (rs) => {
      const guards = res(rs, 'store').deleteGuards as { when: { in?: string[] } }[] | undefined;
      const first = guards?.[0];
      if (first) first.when.in = ['PLUGGED_IN'];
    },
    'devices: delete guard of store: PLUGGED_IN is not a choice',
  ],
  "an action's stampField is a datetime field": [
    (rs) => {
      action(rs, 'store', 'disable').stampField = 'address';
    },
    'store.disable: address',
  ],
  "a generic action's roles may update the resource": [
    (rs) => {
      res(rs, 'industryConfig').actions = [
        { name: 'x', roles: ['merchant'], field: 'state', from: ['ACTIVE'], to: 'DISABLED' },
      ];
    },
    'industryConfig.x: merchant',
  ],
  'roles are known roles': [
    (rs) => {
      res(rs, 'store').access = { VIEW: ['admin' as never], ADD: [], UPDATE: [] };
    },
    'store.VIEW: admin',
  ],
  'finance resources give operators no access at all': [
    (rs) => {
      res(rs, 'account').access = { VIEW: ['operator', 'merchant'], ADD: [], UPDATE: [] };
    },
    'account: operator may VIEW',
  ],
  'operator-only resources give merchants no access': [
    (rs) => {
      res(rs, 'countryConfig').access = { VIEW: ['operator', 'merchant'], ADD: [], UPDATE: [] };
    },
    'countryConfig: merchant may VIEW',
  ],
  'merchants never write unscoped rows': [
    (rs) => {
      res(rs, 'bannerConfig').access = { VIEW: ['merchant'], ADD: ['merchant'], UPDATE: [] };
    },
    'bannerConfig: merchant may ADD unscoped rows',
  ],
  'a declared role for an action is one canAccess can grant': [
    (rs) => {
      res(rs, 'countryConfig').access = { VIEW: ['merchant'], ADD: [], UPDATE: [] };
    },
    'countryConfig: merchant VIEW is refused by canAccess',
  ],
  'a menu entry belongs to a table with a route, once per place in its group': [
    (rs) => {
      res(rs, 'memberCards').menu = { group: 'stampCards', order: 9 };
    },
    'memberCards: a menu entry without a route',
  ],
  'only users and user groups use existing storage': [
    (rs) => {
      res(rs, 'store').storage = 'existing';
    },
    'store: existing storage',
  ],
  'a ledger gives no role ADD, UPDATE or DELETE': [
    (rs) => {
      // DELETE left out: it falls back to UPDATE
      res(rs, 'voucherHistory').access = { VIEW: ['operator'], ADD: [], UPDATE: ['operator'] };
    },
    'voucherHistory: ledger lets operator DELETE',
  ],
  "a field's own error code belongs to a number or money field with a min or max": [
    (rs) => {
      field(rs, 'voucherPacks', 'title').error = 'VOUCHER_ILLEGAL_PRICE';
    },
    'voucherPacks.title (text): error VOUCHER_ILLEGAL_PRICE without a numeric range',
  ],
  'a rule across fields names declared fields (order: two of the same type; required-when: a select and its choices)':
    [
      (rs) => {
        res(rs, 'voucherPacks').rules = [
          { kind: 'order', first: 'validFrom', last: 'quantity', error: 'VOUCHER_PACK_DATE_ILLEGAL' },
        ];
      },
      'voucherPacks: rule validFrom ≤ quantity compares date with number',
    ],
};

describe('resource registry', () => {
  describe.each(Object.keys(RULES))('%s', (name) => {
    const rule = RULES[name] as Rule;
    it('holds for every declaration', () => {
      expect(rule(RESOURCES)).toEqual([]);
    });
    it('reports a declaration broken on purpose', () => {
      const [mutate, expected] = BREAKAGES[name] as [(rs: Res[]) => void, string];
      expect(rule(broken(mutate)).join('\n')).toContain(expected);
    });
  });

  it('names every resource once, in RESOURCE_NAMES and through resourceByName', () => {
    expect(RESOURCE_NAMES).toEqual(RESOURCES.map((r) => r.name));
    for (const r of RESOURCES) expect(resourceByName(r.name)).toBe(r);
    expect(resourceByName('nope')).toBeUndefined();
    expect(resourceByName('vouchers')?.path).toBe('/vouchers');
  });

  it('declares every named table of the spec, each in a file of its name under resources/tables/', () => {
    expect(RESOURCE_NAMES).toEqual(expect.arrayContaining([...NAMED_TABLES]));
    const files = readdirSync(new URL('../../resources/tables/', import.meta.url)).map((f) =>
      f.replace(/\.ts$/, ''),
    );
    expect([...RESOURCE_NAMES].sort()).toEqual(files.sort());
  });

  it('audits every derived table a role may change through the generic routes (issue 24)', () => {
    const writable = (RESOURCES as readonly Res[]).filter(
      (r) =>
        !r.ledger &&
        (r.storage ?? 'derived') === 'derived' &&
        [r.access.ADD, r.access.UPDATE, r.access.DELETE ?? []].some((roles) => roles.length > 0),
    );
    expect(writable.map((r) => r.name)).toEqual(expect.arrayContaining(['pushTemplates', 'bannerConfig']));
    expect(writable.filter((r) => !auditsChanges(r)).map((r) => r.name)).toEqual([]);
    // a new writable table is audited without saying so; only a read-only one is not
    const [first] = writable;
    if (!first) throw new Error('no writable table');
    expect(auditsChanges({ ...first, audit: undefined } as Res)).toBe(true);
    expect(
      auditsChanges({
        ...first,
        audit: undefined,
        access: { VIEW: ['operator'], ADD: [], UPDATE: [] },
      } as Res),
    ).toBe(false);
  });

  it('has ledgers, fields with their own error and rules across fields for the rules above to check', () => {
    const rs = RESOURCES as readonly Res[];
    expect(rs.filter((r) => r.ledger).map((r) => r.name)).toEqual(
      expect.arrayContaining(['voucherHistory', 'stampingHistory']),
    );
    expect(rs.flatMap((r) => r.fields.filter((f) => f.error).map((f) => `${r.name}.${f.name}`))).toEqual(
      expect.arrayContaining(['voucherPacks.price', 'voucherPacks.voucherValidityDays']),
    );
    expect(rs.filter((r) => (r.rules ?? []).length > 0).map((r) => r.name)).toEqual(
      expect.arrayContaining(['voucherPacks', 'vouchers']),
    );
  });

  it('serves users and user groups from their existing routes', () => {
    expect(resourceByName('users')).toMatchObject({
      storage: 'existing',
      path: '/user',
      route: '/user/UserSearch',
    });
    expect(resourceByName('userGroups')).toMatchObject({
      storage: 'existing',
      path: '/user-group',
      route: '/access/user-group',
    });
  });

  it('keeps every declaration plain data (no functions anywhere)', () => {
    const hasFunction = (v: unknown): boolean =>
      typeof v === 'function' ||
      (typeof v === 'object' && v !== null && Object.values(v).some((x) => hasFunction(x)));
    expect(RESOURCES.filter((r) => hasFunction(r)).map((r) => r.name)).toEqual([]);
    expect(JSON.parse(JSON.stringify(RESOURCES))).toEqual(RESOURCES);
  });
});

describe('English labels (resources/words.ts under src/i18n/resources.en.ts)', () => {
  const labels = resourcesEn.resources as Record<string, unknown>;
  type Entry = {
    name?: unknown;
    fields?: Record<string, unknown>;
    choices?: Record<string, Record<string, unknown>>;
    actions?: Record<string, unknown>;
  };

  /** The keys of `rs` that read as no English in `en` (the merged bundle's `resources`). */
  const missingLabels = (rs: readonly Res[], en: Record<string, unknown>): string[] =>
    rs.flatMap((r) => {
      const entry = (en[r.name] ?? {}) as Entry;
      const text = (v: unknown) => typeof v === 'string' && v.trim() !== '';
      const missing: string[] = [];
      if (!text(entry.name)) missing.push(`${r.name}.name`);
      for (const f of allFieldNames(r)) if (!text(entry.fields?.[f])) missing.push(`${r.name}.fields.${f}`);
      for (const f of r.fields) {
        if (f.type !== 'select') continue;
        for (const c of f.choices) {
          if (!text(entry.choices?.[f.name]?.[c])) missing.push(`${r.name}.choices.${f.name}.${c}`);
        }
      }
      for (const a of r.actions ?? [])
        if (!text(entry.actions?.[a.name])) missing.push(`${r.name}.actions.${a.name}`);
      return missing;
    });
  /** The portal's English `resources` for `rs`: words made from names, the declarations' own, then resources.en.ts. */
  const merged = (rs: readonly Res[]) =>
    (
      mergeMessages(
        { resources: Object.fromEntries(rs.map((r) => [r.name, resourceWords(r)])) },
        resourcesEn,
      ) as { resources: Record<string, unknown> }
    ).resources;

  it('gives every resource, field (implicit ones too), choice and action words in the English bundle', () => {
    const bundle = (englishPortalMessages() as unknown as { resources: Record<string, unknown> }).resources;
    expect(missingLabels(RESOURCES, bundle)).toEqual([]);
    expect(bundle).toEqual(merged(RESOURCES));
  });

  it('words a table, field, choice or action nobody wrote English for, from its name', () => {
    const markUsed = {
      name: 'markUsed',
      roles: ['merchant'],
      field: 'state',
      from: ['ACTIVE'],
      to: 'DISABLED',
    } as const;
    const added = broken((rs) => {
      res(rs, 'store').fields = [
        ...res(rs, 'store').fields,
        { name: 'floorArea', type: 'number' },
        { name: 'mood', type: 'select', choices: ['RATHER_CALM'] },
      ];
      rs.push({ ...res(rs, 'store'), name: 'raffleTickets', actions: [markUsed] });
    });
    const words = merged(added) as Record<string, Entry>;
    expect(missingLabels(added, words)).toEqual([]);
    expect(words.store?.fields?.floorArea).toBe('Floor area');
    expect(words.store?.choices?.mood?.RATHER_CALM).toBe('Rather calm');
    expect(words.raffleTickets?.name).toBe('Raffle ticket |||| Raffle tickets');
    expect(words.raffleTickets?.actions?.markUsed).toBe('Mark used');
  });

  it('reports a missing label', () => {
    const { vouchers: _gone, ...withoutVouchers } = merged(RESOURCES);
    expect(missingLabels(RESOURCES, withoutVouchers)).toContain('vouchers.name');
    const blank = broken((rs) => {
      res(rs, 'store').fields = [
        ...res(rs, 'store').fields,
        { name: 'floorArea', type: 'number', words: ' ' },
      ];
    });
    expect(missingLabels(blank, merged(blank))).toEqual(['store.fields.floorArea']);
  });

  it('writes in resources.en.ts only words that differ from the defaults', () => {
    const defaults = Object.fromEntries(RESOURCES.map((r) => [r.name, resourceWords(r)]));
    const leaves = (tree: unknown, path: string[] = []): [string[], unknown][] =>
      typeof tree === 'object' && tree !== null
        ? Object.entries(tree).flatMap(([k, v]) => leaves(v, [...path, k]))
        : [[path, tree]];
    const same = leaves(labels).filter(
      ([path, value]) =>
        path.reduce<unknown>((node, k) => (node as Record<string, unknown>)?.[k], defaults) === value,
    );
    expect(same.map(([path]) => path.join('.'))).toEqual([]);
  });

  it('holds no labels for resources, fields, choices or actions that are not declared', () => {
    const stale: string[] = [];
    for (const [name, value] of Object.entries(labels)) {
      const r = RESOURCES.find((x) => x.name === name) as Res | undefined;
      if (!r) {
        stale.push(name);
        continue;
      }
      const entry = value as Entry;
      for (const f of Object.keys(entry.fields ?? {}))
        if (!allFieldNames(r).includes(f)) stale.push(`${name}.${f}`);
      for (const [f, cs] of Object.entries(entry.choices ?? {})) {
        const decl = fieldOf(r, f);
        for (const c of Object.keys(cs)) {
          if (decl?.type !== 'select' || !decl.choices.includes(c)) stale.push(`${name}.choices.${f}.${c}`);
        }
      }
      for (const a of Object.keys(entry.actions ?? {})) {
        if (!(r.actions ?? []).some((x) => x.name === a)) stale.push(`${name}.actions.${a}`);
      }
    }
    expect(stale).toEqual([]);
  });
});

// issue 25, privacy: a member's mobile is masked for a caller who may not view members, field by field
// as the declarations mark them (server/resources/privacy.ts). The phones that are not a member's:
/** The organisation's contact numbers and the staff's own: not a loyalty member's. */
const NOT_MEMBER_PHONES = ['company.phone', 'store.phone', 'merchantSignup.contactMobile', 'users.mobile'];
const memberPhoneProblems: Rule = (resources) =>
  eachField(resources, (r, f) => {
    const key = `${r.name}.${f.name}`;
    const marked = 'member' in f && f.member === true;
    if (f.type !== 'phone') return marked ? `${key}: member on a ${f.type} field` : undefined;
    if (NOT_MEMBER_PHONES.includes(key)) return marked ? `${key}: not a member's mobile` : undefined;
    return marked ? undefined : `${key}: a phone field holding a member's mobile needs member: true`;
  });

describe("members' mobiles (privacy)", () => {
  it('marks every phone field holding a member mobile with member: true', () => {
    expect(memberPhoneProblems(RESOURCES)).toEqual([]);
  });

  it('reports a member phone field left unmarked', () => {
    const broken = RESOURCES.map((r) =>
      r.name === 'vouchers'
        ? {
            ...r,
            fields: r.fields.map((f) => (f.name === 'memberMobile' ? { ...f, member: undefined } : f)),
          }
        : r,
    ) as readonly Res[];
    expect(memberPhoneProblems(broken)).toEqual([
      "vouchers.memberMobile: a phone field holding a member's mobile needs member: true",
    ]);
  });
});
