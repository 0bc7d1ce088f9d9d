// What the server derives from the declarations: tables (columns, checks, indexes, foreign keys), the
// tables drizzle-kit sees, the committed migration being up to date, the hand-written tables of
// the 'existing' declarations, the list allow-lists and the body schemas.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getTableColumns, is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../../resources';
import type { FieldDeclaration, ResourceDeclaration } from '../../resources/types';
import { MIGRATIONS_FOLDER } from '../../server/platform/db/client';
import { ownFields } from '../../server/platform/db/derive-tables';
import { addedScopeColumns, fieldOfConstraint, snake, tableNameOf } from '../../server/platform/db/naming';
import * as schema from '../../server/platform/db/schema';
import * as derivedExports from '../../server/platform/db/schema/resources';
import { DERIVED_RESOURCES, EXISTING_TABLES } from '../../server/resources/registry';
import { createBodySchema, updateBodySchema } from '../../server/resources/schemas';
import { withDrizzleKit } from '../drizzle-kit';

const declarations = RESOURCES as readonly ResourceDeclaration[];
const derivedNames = declarations.filter((d) => (d.storage ?? 'derived') === 'derived').map((d) => d.name);

const SQL_TYPES: Record<FieldDeclaration['type'], (f: FieldDeclaration) => string> = {
  text: () => 'text',
  email: () => 'text',
  phone: () => 'text',
  url: () => 'text',
  image: () => 'text',
  number: (f) => (f.type === 'number' && f.integer ? 'integer' : 'double precision'),
  money: () => 'numeric(14, 2)',
  boolean: () => 'boolean',
  date: () => 'date',
  datetime: () => 'timestamp with time zone',
  select: (f) => (f.type === 'select' && f.numeric ? 'smallint' : 'text'),
  reference: () => 'integer',
  json: () => 'jsonb',
};

describe('derived table exports', () => {
  it('hands drizzle-kit every derived table by name through schema/derived.cjs, and nothing else', () => {
    // drizzle-kit requires derived.cjs (drizzle.config.ts); run it as CommonJS with its one require
    const source = readFileSync(
      new URL('../../server/platform/db/schema/derived.cjs', import.meta.url),
      'utf8',
    );
    const module = { exports: {} as Record<string, unknown> };
    const required = (id: string) => {
      if (id !== './resources.ts') throw new Error(`derived.cjs requires ${id}`);
      return derivedExports;
    };
    new Function('module', 'require', source)(module, required);
    const tables = Object.entries(module.exports).filter(([, v]) => is(v, PgTable));
    expect(tables.map(([k]) => k).sort()).toEqual([...derivedNames].sort());
    expect(Object.keys(module.exports).length).toBe(tables.length);
    expect(Object.keys(derivedExports.derivedTables).sort()).toEqual([...derivedNames].sort());
  });

  it('has a committed migration matching the derived tables (nothing left to generate)', async () => {
    await withDrizzleKit(async ({ generateDrizzleJson, generateMigration }) => {
      const journal = JSON.parse(
        readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
      ) as {
        entries: { idx: number }[];
      };
      const last = journal.entries.at(-1)?.idx ?? 0;
      const snapshots = readdirSync(path.join(MIGRATIONS_FOLDER, 'meta')).filter((f) =>
        f.endsWith('_snapshot.json'),
      );
      const latest = snapshots.find((f) => f.startsWith(String(last).padStart(4, '0')));
      expect(latest).toBeDefined();
      const prev = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', latest ?? ''), 'utf8'));
      const current = generateDrizzleJson(
        { ...schema, ...derivedExports.derivedTables },
        prev.id,
        undefined,
        'snake_case',
      );
      expect(await generateMigration(prev, current)).toEqual([]);
    });
  }, 60_000);
});

describe.each(DERIVED_RESOURCES.map((r) => [r.decl.name, r] as const))(
  'table of %s',
  (_name, { decl, table }) => {
    const config = getTableConfig(table);
    const column = (field: string) => config.columns.find((c) => c.name === snake(field));

    it('is named in snake_case and has id, times and the scope columns', () => {
      expect(config.name).toBe(tableNameOf(decl));
      expect(column('id')?.primary).toBe(true);
      expect(column('createTime')?.getSQLType()).toBe('timestamp with time zone');
      expect(column('updateTime')?.getSQLType()).toBe('timestamp with time zone');
      for (const c of addedScopeColumns(decl)) expect(column(c)?.getSQLType()).toBe('integer');
      if (decl.scope !== 'none' && decl.name !== 'company') expect(column('companyId')?.notNull).toBe(true);
    });

    it('has one column per declared field, of the type the field declares', () => {
      for (const f of ownFields(decl)) {
        expect(column(f.name)?.getSQLType(), f.name).toBe(SQL_TYPES[f.type](f));
        if (f.required && !f.readOnly) expect(column(f.name)?.notNull, f.name).toBe(true);
      }
      const expected = [
        'id',
        'createTime',
        'updateTime',
        ...addedScopeColumns(decl),
        ...ownFields(decl).map((f) => f.name),
      ];
      expect(config.columns.map((c) => c.name).sort()).toEqual(expected.map(snake).sort());
    });

    it('checks every choice list and declared length', () => {
      const checks = config.checks.map((c) => c.name);
      for (const f of ownFields(decl)) {
        if (f.type === 'select') expect(checks, f.name).toContain(`${config.name}_${snake(f.name)}_in_ck`);
        if ('maxLength' in f && f.maxLength !== undefined)
          expect(checks, f.name).toContain(`${config.name}_${snake(f.name)}_max_ck`);
      }
    });

    it('indexes every filterable or sortable field and makes unique fields unique per company', () => {
      const indexed = config.indexes.map((i) => ({
        unique: i.config.unique,
        on: i.config.columns.map((c) => ('name' in c ? c.name : '?')),
      }));
      for (const f of ownFields(decl)) {
        if (f.unique) {
          const on =
            decl.scope === 'none' || decl.name === 'company'
              ? [snake(f.name)]
              : ['company_id', snake(f.name)];
          expect(indexed, f.name).toContainEqual({ unique: true, on });
        } else if (f.filter?.length || f.sortable) {
          expect(indexed, f.name).toContainEqual({ unique: false, on: [snake(f.name)] });
        }
      }
    });

    it('points every reference and scope column at its table, restricting deletes unless cascade is declared', () => {
      const fks = config.foreignKeys.map((fk) => {
        const ref = fk.reference();
        return {
          column: ref.columns[0]?.name,
          table: getTableConfig(ref.foreignTable).name,
          onDelete: fk.onDelete,
        };
      });
      for (const f of ownFields(decl)) {
        if (f.type !== 'reference') continue;
        const target =
          DERIVED_RESOURCES.find((r) => r.decl.name === f.reference)?.table ?? EXISTING_TABLES[f.reference];
        expect(target, f.reference).toBeDefined();
        expect(fks, f.name).toContainEqual({
          column: snake(f.name),
          table: getTableConfig(target as PgTable).name,
          onDelete: f.cascade ? 'cascade' : 'restrict',
        });
      }
      for (const c of addedScopeColumns(decl)) {
        expect(fks.map((fk) => fk.column)).toContain(snake(c));
      }
    });

    it('keeps every identifier within PostgreSQL’s 63 characters and maps each constraint back to its field', () => {
      const names = [
        ...config.checks.map((c) => c.name),
        ...config.indexes.map((i) => i.config.name ?? ''),
        ...config.foreignKeys.map((fk) => fk.getName()),
      ];
      for (const n of names) expect(n.length, n).toBeLessThanOrEqual(63);
      for (const f of ownFields(decl)) {
        if (f.unique) expect(fieldOfConstraint(decl, `${config.name}_${snake(f.name)}_uq`)).toBe(f.name);
      }
    });
  },
);

describe('the hand-written tables of the existing declarations', () => {
  const existing = declarations.filter((d) => d.storage === 'existing');

  it('covers users and user groups', () => {
    expect(existing.map((d) => d.name).sort()).toEqual(Object.keys(EXISTING_TABLES).sort());
  });

  it.each(existing.map((d) => [d.name, d] as const))(
    '%s: every declared field has a matching column',
    (name, decl) => {
      const table = EXISTING_TABLES[name];
      expect(table).toBeDefined();
      const columns = getTableColumns(table as PgTable);
      for (const f of decl.fields) {
        const c = columns[f.name];
        expect(c, `${name}.${f.name}`).toBeDefined();
        expect(c?.getSQLType(), `${name}.${f.name}`).toBe(SQL_TYPES[f.type](f));
      }
      for (const c of addedScopeColumns(decl)) expect(columns[c], `${name}.${c}`).toBeDefined();
    },
  );
});

describe('list allow-lists', () => {
  it.each(DERIVED_RESOURCES.map((r) => [r.decl.name, r] as const))(
    '%s: exactly the declared filters, sorts and search',
    (_n, r) => {
      for (const f of ownFields(r.decl)) {
        const field = r.spec[f.name];
        expect(field?.filter ?? [], f.name).toEqual(f.filter ?? []);
        expect(field?.sort === true, f.name).toBe(f.sortable === true);
        expect(field?.search === true, f.name).toBe(f.search === true);
      }
      const extra = Object.keys(r.spec).filter(
        (k) =>
          !['id', 'createTime', 'updateTime', ...addedScopeColumns(r.decl)].includes(k) &&
          !r.decl.fields.some((f) => f.name === k),
      );
      expect(extra).toEqual([]);
    },
  );
});

describe('body schemas', () => {
  // a table with a generic create (vouchers are issued by their operation, never created generically)
  const products = DERIVED_RESOURCES.find((r) => r.decl.name === 'products')?.decl as ResourceDeclaration;

  it('require the required writable fields on create and refuse unknown ones', () => {
    const s = createBodySchema(products) as unknown as {
      required: string[];
      additionalProperties: boolean;
      properties: Record<string, { enum?: unknown[]; type?: unknown; anyOf?: unknown[] }>;
    };
    expect([...s.required].sort()).toEqual(['name', 'price', 'sku']);
    expect(s.additionalProperties).toBe(false);
    expect(s.properties.state?.enum).toEqual(['ACTIVE', 'DISABLED', 'DELETE', null]);
  });

  it('make an optional field nullable with one type list, not a union (a coerced 0 or false stays)', () => {
    const props = (
      createBodySchema(products) as unknown as {
        properties: Record<string, { type?: unknown; anyOf?: unknown[]; minimum?: number }>;
      }
    ).properties;
    expect(props.stampsEarned).toMatchObject({ type: ['integer', 'null'], minimum: 0, maximum: 10 });
    expect(props.stampsEarned?.anyOf).toBeUndefined();
    expect(props.category).toMatchObject({ type: ['string', 'null'], maxLength: 64 });
    // a required field is not nullable
    expect(props.price).toMatchObject({ type: 'number', minimum: 0 });
  });

  it('make every field optional on update', () => {
    const s = updateBodySchema(products) as unknown as { required?: string[] };
    expect(s.required ?? []).toEqual([]);
  });

  it('give e-mail fields the e-mail format', () => {
    for (const r of DERIVED_RESOURCES) {
      const props = (
        createBodySchema(r.decl) as unknown as {
          properties: Record<string, { format?: string }>;
        }
      ).properties;
      for (const f of ownFields(r.decl)) {
        if (f.type !== 'email' || f.readOnly) continue;
        expect(props[f.name]?.format, `${r.decl.name}.${f.name}`).toBe('email');
      }
    }
  });
});
