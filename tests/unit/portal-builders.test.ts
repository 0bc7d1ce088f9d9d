// The pure parts of the generated screens: which fields a form writes, which scope columns a create
// picks (the same as the server's), a ledger's buttons, and the order rule's form validator.
import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../../resources';
import { stampingHistory } from '../../resources/tables/stampingHistory';
import { voucherHistory } from '../../resources/tables/voucherHistory';
import { voucherPacks } from '../../resources/tables/voucherPacks';
import { vouchers } from '../../resources/tables/vouchers';
import type { ResourceDeclaration } from '../../resources/types';
import { addedScopeColumns as serverAddedScopeColumns } from '../../server/platform/db/naming';
import { declarationAllows } from '../../src/builders/access';
import {
  addedScopeColumns,
  creatableScopeColumns,
  shownScopeColumns,
  writableFieldNames,
  writableFields,
} from '../../src/builders/declarations';
import { ruleValidators } from '../../src/builders/validators';

const decl = (name: string): ResourceDeclaration => {
  const d = RESOURCES.find((r) => r.name === name);
  if (!d) throw new Error(`no ${name}`);
  return d;
};

describe('writable fields', () => {
  it('leave out operation-only, read-only and stamped fields on create and edit', () => {
    expect(writableFieldNames(voucherPacks, 'create')).toEqual([
      'title',
      'description',
      'image',
      'price',
      'voucherValue',
      'quantity',
      'issueLimitPerMember',
      'validFrom',
      'validUntil',
      'voucherValidityDays',
      'giftable',
    ]);
    // a voucher's generic write only moves its validity dates
    expect(writableFieldNames(vouchers, 'edit')).toEqual(['validFrom', 'validUntil']);
  });

  it('keep a 0, an empty string, false and null the user chose', () => {
    expect(
      writableFields(voucherPacks, 'create', {
        title: '',
        price: 0,
        giftable: false,
        description: null,
        state: 'ACTIVE',
        issuedCount: 0,
        id: 3,
      }),
    ).toEqual({ title: '', price: 0, giftable: false, description: null });
  });

  it('on edit send only what changed, including a change to 0 or false', () => {
    const before = { id: 1, title: 'A', price: 2, giftable: true, state: 'ACTIVE' };
    expect(
      writableFields(
        voucherPacks,
        'edit',
        { ...before, price: 0, giftable: false, state: 'DISABLED' },
        before,
      ),
    ).toEqual({ price: 0, giftable: false });
  });
});

describe('scope columns of a create', () => {
  it('are the server’s added scope columns, for every declared resource', () => {
    for (const d of RESOURCES) expect(addedScopeColumns(d), d.name).toEqual(serverAddedScopeColumns(d));
  });

  it('are picked on the derived tables only (a hand-written table takes its own body)', () => {
    expect(creatableScopeColumns(voucherPacks)).toEqual(['companyId', 'brandId']);
    expect(creatableScopeColumns(decl('brand'))).toEqual(['companyId']);
    expect(creatableScopeColumns(decl('store'))).toEqual(['companyId', 'brandId']);
    expect(creatableScopeColumns(decl('company'))).toEqual([]);
    expect(creatableScopeColumns(decl('users'))).toEqual([]);
    expect(creatableScopeColumns(decl('userGroups'))).toEqual([]);
    expect(creatableScopeColumns({ ...voucherPacks, scope: 'store' })).toEqual(['companyId', 'storeId']);
  });
});

describe('scope columns shown on the rows (list column and filter, show, edit, create picker)', () => {
  const storeScoped = {
    ...voucherPacks,
    name: 'storeNotes',
    scope: 'store',
  } as const satisfies ResourceDeclaration;
  const owner = { companyId: 1, brandId: null, storeId: null };
  const brandStaff = { companyId: 1, brandId: 2, storeId: null };
  const storeStaff = { companyId: 1, brandId: 2, storeId: 3 };

  it('shows the store of a store-scoped table to operators and merchants not limited to a store', () => {
    expect(shownScopeColumns(storeScoped, 'operator', undefined)).toEqual(['storeId']);
    expect(shownScopeColumns(storeScoped, 'merchant', owner)).toEqual(['storeId']);
    expect(shownScopeColumns(storeScoped, 'merchant', brandStaff)).toEqual(['storeId']);
    expect(shownScopeColumns(storeScoped, 'merchant', storeStaff)).toEqual([]);
  });

  it('shows the brand of a brand-scoped table likewise, one level up', () => {
    expect(shownScopeColumns(voucherPacks, 'operator', undefined)).toEqual(['brandId']);
    expect(shownScopeColumns(voucherPacks, 'merchant', owner)).toEqual(['brandId']);
    expect(shownScopeColumns(voucherPacks, 'merchant', brandStaff)).toEqual([]);
    expect(shownScopeColumns(voucherPacks, 'merchant', storeStaff)).toEqual([]);
  });

  it('shows none on company-scoped, unscoped and hand-written tables, nor before the role is known', () => {
    expect(shownScopeColumns(decl('brand'), 'operator', undefined)).toEqual([]);
    expect(shownScopeColumns(decl('company'), 'operator', undefined)).toEqual([]);
    expect(shownScopeColumns(decl('users'), 'operator', undefined)).toEqual([]);
    expect(shownScopeColumns(storeScoped, undefined, owner)).toEqual([]);
  });
});

describe('ledgers', () => {
  it('allow nobody to add, change or delete, whatever their access says', () => {
    for (const ledger of [voucherHistory, stampingHistory]) {
      const generous = {
        ...ledger,
        access: { VIEW: ['operator'], ADD: ['operator'], UPDATE: ['operator'] },
      } as const;
      expect(declarationAllows(generous, 'operator', 'VIEW')).toBe(true);
      for (const action of ['ADD', 'UPDATE', 'DELETE'] as const)
        expect(declarationAllows(generous, 'operator', action)).toBe(false);
    }
    expect(declarationAllows(voucherPacks, 'merchant', 'ADD')).toBe(true);
  });
});

describe('order rule', () => {
  const label = (key: string) => (key === 'resources.voucherPacks.fields.validFrom' ? 'Valid from' : key);
  const [validUntil] = ruleValidators(voucherPacks, label).validUntil ?? [];
  const check = (from: unknown, until: unknown) =>
    validUntil?.(until, { validFrom: from, validUntil: until }, {} as never);

  it('refuses a last day before the first, naming the first field', () => {
    expect(Object.keys(ruleValidators(voucherPacks, label))).toEqual(['validUntil']);
    expect(check('2026-03-31', '2026-03-01')).toEqual({
      message: 'builders.rules.order_date',
      args: { field: 'Valid from' },
    });
  });

  it('takes the same day, and leaves a blank side to required', () => {
    expect(check('2026-03-31', '2026-03-31')).toBeUndefined();
    expect(check(null, '2026-03-01')).toBeUndefined();
    expect(check('2026-03-01', '')).toBeUndefined();
  });

  it('compares numbers as numbers', () => {
    const numeric = {
      ...voucherPacks,
      rules: [{ kind: 'order', first: 'quantity', last: 'issueLimitPerMember', error: 'API_FAILED' }],
    } as const satisfies ResourceDeclaration;
    const [v] = ruleValidators(numeric, (k) => k).issueLimitPerMember ?? [];
    expect(v?.(9, { quantity: 10 }, {} as never)).toEqual({
      message: 'builders.rules.order',
      args: { field: 'resources.voucherPacks.fields.quantity' },
    });
    expect(v?.(10, { quantity: 9 }, {} as never)).toBeUndefined();
  });
});
