// The audit log: the list with its user / resource / action / time filters, and the show view's
// before-and-after diff of the changed keys.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../../server/platform/db/client';
import { auditLog } from '../../../server/platform/db/schema';
import { AuditLogList, AuditLogShow } from '../../../src/pages/audit/AuditLog';
import { diffRecords } from '../../../src/pages/audit/diff';
import { portalServer } from '../server';
import { renderAccess } from './harness';

const T = { timeout: 30_000 };

/** Two entries as the server would have written them (the log is only ever written by the server). */
const seed = (db: Db) =>
  db.insert(auditLog).values([
    {
      id: 41,
      actorId: 1,
      actorEmail: 'operator@example.com',
      action: 'UPDATE',
      resource: 'company',
      recordId: '7',
      companyId: 7,
      before: { name: 'Kopi Old', state: 'ACTIVE', phone: '+6561112222', tags: ['a'] },
      after: { name: 'Kopi New', state: 'ACTIVE', website: 'https://kopi.example', tags: ['a', 'b'] },
      createTime: new Date('2026-02-01T10:00:00.000Z'),
      updateTime: new Date('2026-02-01T10:00:00.000Z'),
    },
    {
      id: 42,
      actorId: 2,
      actorEmail: 'merchant@example.com',
      action: 'INVITE',
      resource: 'user',
      recordId: '9',
      companyId: 1,
      before: null,
      after: { email: 'x@example.com' },
      createTime: new Date('2026-02-02T10:00:00.000Z'),
      updateTime: new Date('2026-02-02T10:00:00.000Z'),
    },
  ]);

describe('diffRecords', () => {
  it('marks added, removed, changed and unchanged keys', () => {
    expect(diffRecords({ a: 1, b: { x: 1, y: 2 }, c: 3 }, { a: 2, b: { y: 2, x: 1 }, d: 4 })).toEqual([
      { key: 'a', kind: 'changed', before: 1, after: 2 },
      { key: 'b', kind: 'unchanged', before: { x: 1, y: 2 }, after: { y: 2, x: 1 } },
      { key: 'c', kind: 'removed', before: 3, after: undefined },
      { key: 'd', kind: 'added', before: undefined, after: 4 },
    ]);
  });
});

describe('audit log', { timeout: 45_000 }, () => {
  const backend = portalServer();

  it('show renders the changed keys side by side', async () => {
    await seed(backend.t.db);
    await renderAccess(<AuditLogShow id={41} />, { url: '/auditLog/41/show', signedInAs: 'operator' });
    const name = await screen.findByTestId('diff-name', {}, T);
    expect(name).toHaveAttribute('data-kind', 'changed');
    expect(within(name).getByText('Kopi Old')).toBeInTheDocument();
    expect(within(name).getByText('Kopi New')).toBeInTheDocument();
    expect(screen.getByTestId('diff-website')).toHaveAttribute('data-kind', 'added');
    expect(screen.getByTestId('diff-phone')).toHaveAttribute('data-kind', 'removed');
    expect(within(screen.getByTestId('diff-tags')).getByText('["a","b"]')).toBeInTheDocument();
    // unchanged keys wait behind a switch
    expect(screen.queryByTestId('diff-state')).not.toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(screen.getByLabelText('1 unchanged fields'));
    expect(await screen.findByTestId('diff-state', {}, T)).toHaveAttribute('data-kind', 'unchanged');
  });

  it('list filters on user, resource and time', async () => {
    await seed(backend.t.db);
    await renderAccess(<AuditLogList />, { url: '/config/audit-log', signedInAs: 'operator' });
    expect(await screen.findByText('merchant@example.com', {}, T)).toBeInTheDocument();
    expect(screen.getByLabelText('User')).toBeInTheDocument();
    expect(screen.getByLabelText('Resource')).toBeInTheDocument();
    expect(screen.getByLabelText('Action')).toBeInTheDocument();
    expect(screen.getByLabelText('From', { selector: 'input' })).toBeInTheDocument();
    expect(screen.getByLabelText('To', { selector: 'input' })).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('Resource'), 'company');
    await expect
      .poll(async () => {
        const lists = await backend.sent('GET', '/audit-logs');
        return new URLSearchParams(lists.at(-1)?.search).get('filter');
      }, T)
      .toBe(JSON.stringify([{ field: 'resource', op: 'eq', value: 'company' }]));
    await expect.poll(() => screen.queryByText('merchant@example.com'), T).toBeNull();
  });

  it("shows a merchant their own company's entries only (issue 24)", async () => {
    await seed(backend.t.db);
    await renderAccess(<AuditLogList />, { url: '/config/audit-log', signedInAs: 'merchant' });
    // entry 42 names company 1 (the merchant's), entry 41 company 7
    expect(await screen.findByText('merchant@example.com', {}, T)).toBeInTheDocument();
    expect(screen.queryByText('operator@example.com')).toBeNull();
  });
});
