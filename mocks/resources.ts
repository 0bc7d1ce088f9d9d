// Generic CRUD mocks for the declared resources (resources/): list with the contract's list query,
// read, create, update, delete (soft when declared) and the declared state-transition actions, scoped
// to a merchant's company and guarded by the declaration's access and the shared canAccess rule.
// Hand-written business rules (stamping, wallet ...) are not mocked here.
import { http } from 'msw';
import { canAccess, type Permission } from '../contract/access';
import { roleOf } from '../contract/claims';
import type { PermissionAction } from '../contract/enums';
import { ERRORS, type ErrorDef, type ErrorName } from '../contract/errors';
import { HEADERS } from '../contract/http';
import { scopeColumnsOf } from '../resources/scope';
import type { FieldDeclaration, ResourceDeclaration } from '../resources/types';
import type { MockDb, MockRow, MockUser } from './data';
import { applyListQuery, type MockField, type MockListSpec } from './list';
import { type Body, fail, failure, guard, invalid, readBody, success } from './respond';

export interface ResourceMockContext {
  db: MockDb;
  /** the service's base URL as the handlers match it, e.g. '*\/portal-main-service/api/v1' */
  baseOf: (service: NonNullable<ResourceDeclaration['service']>) => string;
  authenticate: (request: Request) => { user: MockUser };
  fullPermissions: (user: MockUser) => Permission[] | null;
}

const listTypeOf = (field: FieldDeclaration): MockField['type'] => {
  switch (field.type) {
    case 'text':
    case 'email':
    case 'phone':
    case 'url':
    case 'image':
    case 'json':
      return 'text';
    case 'number':
    case 'money':
    case 'reference':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'date':
    case 'datetime':
      return 'datetime';
    case 'select':
      return field.numeric ? 'number' : 'enum';
    default: {
      const never: never = field;
      throw new Error(`unknown field type ${String(never)}`);
    }
  }
};

/** The list query's allow-list of a declaration, with the implicit id, times and scope columns. */
export const listSpecOf = (decl: ResourceDeclaration): MockListSpec => {
  const spec: MockListSpec = {
    id: { type: 'number', filter: ['eq', 'in'], sort: true },
    createTime: { type: 'datetime', filter: ['gte', 'lte'], sort: true },
    updateTime: { type: 'datetime', filter: ['gte', 'lte'], sort: true },
  };
  for (const column of scopeColumnsOf(decl)) spec[column] = { type: 'number', filter: ['eq', 'in'] };
  for (const field of decl.fields) {
    spec[field.name] = {
      type: listTypeOf(field),
      ...(field.filter ? { filter: field.filter } : {}),
      ...(field.sortable ? { sort: true } : {}),
      ...(field.search ? { search: true } : {}),
    };
  }
  return spec;
};

// Codes the catalogue may add for generic rules; looked up by name so the mocks follow it.
const errorNamed = (name: string, fallback: ErrorName): ErrorName =>
  ((ERRORS as Record<string, ErrorDef>)[name]?.name as ErrorName | undefined) ?? fallback;

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const IMPLICIT = new Set(['id', 'createTime', 'updateTime', 'companyId', 'brandId', 'storeId']);

/** A violation message for one value of a field, or null when it is fine. */
const checkValue = (field: FieldDeclaration, value: unknown): string | null => {
  if (value === null || value === undefined || value === '')
    return field.required ? 'must not be blank' : null;
  switch (field.type) {
    case 'text':
    case 'email':
    case 'phone':
    case 'url':
    case 'image':
      if (typeof value !== 'string') return 'must be text';
      if (field.type === 'email' && !EMAIL_RE.test(value)) return 'must be an e-mail';
      if (field.maxLength !== undefined && value.length > field.maxLength)
        return `must be at most ${field.maxLength} characters`;
      if (field.minLength !== undefined && value.length < field.minLength)
        return `must be at least ${field.minLength} characters`;
      return null;
    case 'number':
    case 'money':
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'must be a number';
      if (field.type === 'number' && field.integer && !Number.isInteger(value)) return 'must be an integer';
      if (field.min !== undefined && value < field.min) return `must be at least ${field.min}`;
      if (field.max !== undefined && value > field.max) return `must be at most ${field.max}`;
      return null;
    case 'boolean':
      return typeof value === 'boolean' ? null : 'must be true or false';
    case 'date':
    case 'datetime':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? null : 'must be a date';
    case 'select':
      if (field.numeric)
        return Number.isInteger(value) && (value as number) >= 0 && (value as number) < field.choices.length
          ? null
          : `must be one of 0 to ${field.choices.length - 1}`;
      return field.choices.includes(String(value)) && typeof value === 'string'
        ? null
        : `must be one of ${field.choices.join(', ')}`;
    case 'reference':
      return Number.isInteger(value) && (value as number) > 0 ? null : 'must be an id';
    case 'json':
      return null;
    default: {
      const never: never = field;
      return `unknown field type ${String(never)}`;
    }
  }
};

const defaultOf = (field: FieldDeclaration): unknown =>
  'default' in field && field.default !== undefined ? field.default : null;

export const createResourceHandlers = (
  ctx: ResourceMockContext,
  declarations: readonly ResourceDeclaration[],
) => {
  const { db } = ctx;
  const nowIso = () => new Date(db.now()).toISOString();
  const rowsOf = (decl: ResourceDeclaration): MockRow[] => {
    db.resourceRows[decl.name] ??= [];
    return db.resourceRows[decl.name] as MockRow[];
  };

  const allow = (decl: ResourceDeclaration, user: MockUser, action: PermissionAction | 'DELETE') => {
    const roles = action === 'DELETE' ? (decl.access.DELETE ?? decl.access.UPDATE) : decl.access[action];
    const permissions = ctx.fullPermissions(user);
    const subject = permissions === null ? { type: user.type } : { type: user.type, permissions };
    const permissionAction = action === 'DELETE' ? 'UPDATE' : action;
    if (
      !roles.includes(roleOf(user.type)) ||
      !canAccess(subject, { action: permissionAction, resource: decl.permission })
    )
      fail('ACCESS_DENIED');
  };

  const visible = (decl: ResourceDeclaration, user: MockUser) => (row: MockRow) =>
    user.type === 'OPERATOR' || scopeColumnsOf(decl).length === 0 || row.companyId === user.companyId;

  const notFound = () => fail('NOT_FOUND', [{ field: 'id', message: 'not found' }]);

  const findRow = (decl: ResourceDeclaration, user: MockUser, params: Record<string, unknown>): MockRow => {
    const id = Number(params.id);
    if (!Number.isInteger(id) || id <= 0) return invalid('id', 'must be a positive integer');
    const row = rowsOf(decl).find((r) => r.id === id);
    if (!row || !visible(decl, user)(row)) return notFound();
    if (decl.softDelete && row[decl.softDelete.field] === decl.softDelete.value) return notFound();
    return row;
  };

  /** The writable values of a body: declared, not read-only, not set by the server. */
  const writable = (decl: ResourceDeclaration, body: Body, creating: boolean): Body => {
    const out: Body = {};
    const violations: { field: string; message: string }[] = [];
    for (const key of Object.keys(body)) {
      if (!IMPLICIT.has(key) && !decl.fields.some((f) => f.name === key))
        violations.push({ field: key, message: 'is not a field of this resource' });
    }
    for (const field of decl.fields) {
      if (field.readOnly || (field.type === 'date' || field.type === 'datetime' ? field.auto : undefined))
        continue;
      const present = Object.hasOwn(body, field.name);
      if (!present && !creating) continue;
      const value = present ? body[field.name] : defaultOf(field);
      const problem = checkValue(field, value);
      if (problem) violations.push({ field: field.name, message: problem });
      else out[field.name] = value === '' ? null : (value ?? null);
    }
    if (violations.length) fail('PARAMETER_VALIDATION_FAILED', violations);
    return out;
  };

  const assertUnique = (decl: ResourceDeclaration, values: Body, row: Pick<MockRow, 'id'> & Body) => {
    for (const field of decl.fields) {
      if (!field.unique || values[field.name] === null || values[field.name] === undefined) continue;
      const clash = rowsOf(decl).some(
        (other) =>
          other.id !== row.id &&
          other[field.name] === values[field.name] &&
          (scopeColumnsOf(decl).length === 0 || other.companyId === row.companyId),
      );
      if (clash) fail('ALREADY_EXISTS', [{ field: field.name, message: 'already exists' }]);
    }
  };

  return declarations.flatMap((decl) => {
    const base = `${ctx.baseOf(decl.service ?? 'main')}${decl.path}`;
    const spec = listSpecOf(decl);
    const scope = scopeColumnsOf(decl);

    type Action = NonNullable<ResourceDeclaration['actions']>[number];
    const assertTransition = (row: MockRow, action: Action) => {
      if (!action.from.includes(String(row[action.field])))
        fail(errorNamed('STATE_TRANSITION_NOT_ALLOWED', 'PARAMETER_VALIDATION_FAILED'), [
          { field: action.field, message: `must be one of ${action.from.join(', ')}` },
        ]);
    };
    const transition = (row: MockRow, action: Action) => {
      row[action.field] = action.to;
      if (action.stampField) row[action.stampField] = nowIso();
      row.updateTime = nowIso();
    };

    const actionHandlers = (decl.actions ?? []).flatMap((action) => {
      const mayRun = (user: MockUser) => {
        allow(decl, user, 'UPDATE');
        if (!action.roles.includes(roleOf(user.type))) fail('ACCESS_DENIED');
      };
      const one = http.post(
        `${base}/:id/${action.name}`,
        guard(async ({ request, params }) => {
          const { user } = ctx.authenticate(request);
          mayRun(user);
          const row = findRow(decl, user, params);
          assertTransition(row, action);
          transition(row, action);
          return success(row);
        }),
      );
      if (!action.bulk) return [one];
      const bulk = http.post(
        `${base}/actions/${action.name}`,
        guard(async ({ request }) => {
          const { user } = ctx.authenticate(request);
          mayRun(user);
          const body = await readBody(request);
          if (!Array.isArray(body.ids) || body.ids.length === 0)
            return invalid('ids', 'must be a list of ids');
          const rows = (body.ids as unknown[]).map((id) => findRow(decl, user, { id }));
          // all or nothing: check every row before changing any
          for (const row of rows) assertTransition(row, action);
          for (const row of rows) transition(row, action);
          return success(rows);
        }),
      );
      return [bulk, one];
    });

    return [
      ...actionHandlers,
      http.get(
        base,
        guard(async ({ request }) => {
          const { user } = ctx.authenticate(request);
          allow(decl, user, 'VIEW');
          const params = new URL(request.url).searchParams;
          const soft = decl.softDelete;
          const filtersSoftField = soft && (params.get('filter') ?? '').includes(`"${soft.field}"`);
          const rows = rowsOf(decl)
            .filter(visible(decl, user))
            .filter((r) => !soft || filtersSoftField || r[soft.field] !== soft.value);
          const { rows: data, page } = applyListQuery(
            rows,
            params,
            spec,
            request.headers.get(HEADERS.noCount) === 'true',
            [decl.defaultSort],
          );
          return success(data, page);
        }),
      ),
      http.post(
        base,
        guard(async ({ request }) => {
          const { user } = ctx.authenticate(request);
          allow(decl, user, 'ADD');
          const body = await readBody(request);
          const values = writable(decl, body, true);
          const scoped: Body = {};
          if (scope.length && user.type === 'MERCHANT') {
            if (user.companyId === null) return failure('USER_HAS_NO_COMPANY');
            scoped.companyId = user.companyId;
            if (scope.includes('brandId')) scoped.brandId = user.brandId;
            if (scope.includes('storeId')) scoped.storeId = user.storeId;
          } else {
            for (const column of scope)
              scoped[column] = typeof body[column] === 'number' ? body[column] : null;
          }
          // every declared column exists on a row, as in a table: server-set ones start empty
          const empty = Object.fromEntries(decl.fields.map((f) => [f.name, null]));
          const row: MockRow = {
            id: db.nextId(),
            ...empty,
            ...scoped,
            ...values,
            createTime: nowIso(),
            updateTime: nowIso(),
          };
          assertUnique(decl, values, row);
          rowsOf(decl).push(row);
          return success(row);
        }),
      ),
      http.get(
        `${base}/:id`,
        guard(async ({ request, params }) => {
          const { user } = ctx.authenticate(request);
          allow(decl, user, 'VIEW');
          return success(findRow(decl, user, params));
        }),
      ),
      http.put(
        `${base}/:id`,
        guard(async ({ request, params }) => {
          const { user } = ctx.authenticate(request);
          allow(decl, user, 'UPDATE');
          const row = findRow(decl, user, params);
          const values = writable(decl, await readBody(request), false);
          assertUnique(decl, values, row);
          Object.assign(row, values, { updateTime: nowIso() });
          return success(row);
        }),
      ),
      http.delete(
        `${base}/:id`,
        guard(async ({ request, params }) => {
          const { user } = ctx.authenticate(request);
          allow(decl, user, 'DELETE');
          const row = findRow(decl, user, params);
          if (decl.softDelete) {
            row[decl.softDelete.field] = decl.softDelete.value;
            row.updateTime = nowIso();
          } else {
            const rows = rowsOf(decl);
            rows.splice(rows.indexOf(row), 1);
          }
          return success(null);
        }),
      ),
    ];
  });
};
