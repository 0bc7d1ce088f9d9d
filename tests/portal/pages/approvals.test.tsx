// The operator's approval queue on the MSW mocks: /approve lands on the PENDING requests, a row opens
// the request, Approve asks 'Confirm to Approve - {company}?' first, Reject asks for a reason, and a
// request decided meanwhile (26400) gives the red error notice.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MockDb, MockUser } from '../../../mocks/data';
import { decideRequest, fileSignup } from '../../../mocks/organisation';
import { renderApp, signIn, waitForPath } from '../renderApp';
import { settled } from '../settle';
import { useMockBackend } from './harness';

const T = { timeout: 10_000 };

const body = (company: string, brand: string) => ({
  company: { name: company, registrationNo: '201912345K', contactEmail: 'hello@example.sg' },
  brand: { name: brand },
  store: { name: `${brand} Raffles`, address: '1 Raffles Place' },
});

const user = (db: MockDb, id: number): MockUser => {
  const u = db.users.find((x) => x.id === id);
  if (!u) throw new Error(`seed user ${id} missing`);
  return u;
};

/** A pending request from merchant 3 and an approved one from merchant 6. */
const seed = (db: MockDb) => {
  const pending = fileSignup(db, user(db, 3), body('Kopi Corner Pte Ltd', 'Kopi Corner'));
  const done = fileSignup(db, user(db, 6), body('Old Bakery Pte Ltd', 'Old Bakery'));
  decideRequest(db, 1, done.request?.id ?? 0, 'approve');
  return pending.request?.id ?? 0;
};

describe('approving merchant signups', { timeout: 60_000 }, () => {
  const backend = useMockBackend();

  it('/approve opens the queue on the pending requests; a row opens the request', async () => {
    const id = seed(backend.db);
    await signIn('operator');
    renderApp('/approve');
    await waitForPath('/approve/merchant-signup');
    const cell = await screen.findByText('Kopi Corner Pte Ltd', {}, T);
    expect(screen.queryByText('Old Bakery Pte Ltd')).toBeNull();
    const lists = (await backend.sent('GET', '/merchant-signups')).map((r) =>
      Object.fromEntries(new URLSearchParams(r.search)),
    );
    expect(lists.at(-1)?.filter).toBe(JSON.stringify([{ field: 'approval', op: 'in', value: ['PENDING'] }]));
    expect(cell.closest('tr')).toHaveTextContent('Pending');

    fireEvent.click(cell);
    await waitForPath(`/merchantSignup/${id}/show`);
    expect(await screen.findByRole('heading', { name: 'Kopi Corner Pte Ltd' }, T)).toBeInTheDocument();
    expect(screen.getByText('Kopi Corner Raffles')).toBeInTheDocument();
    expect(screen.getByText('hello@example.sg')).toBeInTheDocument();
    expect(screen.getByText('Waiting for a decision')).toBeInTheDocument();
    expect(await screen.findByText('new.merchant@example.com', {}, T)).toBeInTheDocument();
  });

  it('Approve: confirm dialog, POST /approve, Hint notice, the request shows Approved', async () => {
    const id = seed(backend.db);
    await signIn('operator');
    renderApp(`/merchantSignup/${id}/show`);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }, T));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Confirm to Approve - Kopi Corner Pte Ltd?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Approve Kopi Corner Pte Ltd success', {}, T)).toBeInTheDocument();
    const posts = await backend.sent('POST', `/merchant-signups/${id}/approve`);
    expect(posts).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull(), T);
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
    expect(screen.getAllByText('Approved').length).toBeGreaterThan(0);
    expect(user(backend.db, 3).signupState).toBe('APPROVAL');
  });

  it('Reject: a reason is required, then POST /reject {reason} and the reason is shown', async () => {
    const id = seed(backend.db);
    await signIn('operator');
    renderApp(`/merchantSignup/${id}/show`);
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }, T));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Kopi Corner Pte Ltd' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject request' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    expect(await backend.sent('POST', `/merchant-signups/${id}/reject`)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/^Reason/), {
      target: { value: '  The registration number does not match ACRA.  ' },
    });
    expect(within(dialog).getByText('48/500')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject request' }));

    expect(await screen.findByText('Reject Kopi Corner Pte Ltd success', {}, T)).toBeInTheDocument();
    const posts = await backend.sent('POST', `/merchant-signups/${id}/reject`);
    expect(posts.map((p) => p.body)).toEqual([{ reason: 'The registration number does not match ACRA.' }]);
    expect(
      await screen.findByText('The registration number does not match ACRA.', {}, T),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Rejected').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('in the app, the approved merchant\'s "Check again" lands on / and stays there', async () => {
    const id = seed(backend.db);
    await signIn('newMerchant');
    renderApp('/signup');
    const check = await screen.findByRole('button', { name: 'Check again' }, T);
    decideRequest(backend.db, 1, id, 'approve');
    fireEvent.click(check);
    await waitForPath('/');
    expect(await screen.findByText('Welcome, Nina New', {}, T)).toBeInTheDocument();
    expect(await screen.findByRole('navigation', { name: 'Main menu' }, T)).toHaveTextContent('Stamp Cards');
    await settled();
    expect(window.location.pathname).toBe('/');
  });

  it('a request decided meanwhile: 26400 in a red error notice, then the decided request', async () => {
    const id = seed(backend.db);
    await signIn('operator');
    renderApp(`/merchantSignup/${id}/show`);
    const approve = await screen.findByRole('button', { name: 'Approve' }, T);
    decideRequest(backend.db, 1, id, 'reject', 'Decided by a colleague');
    fireEvent.click(approve);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Approve Kopi Corner Pte Ltd failed', {}, T)).toBeInTheDocument();
    expect(screen.getByText(/^26400/)).toBeInTheDocument();
    expect(screen.getByText('INVALID_OPERATOR_APPROVAL_STATE')).toBeInTheDocument();
    expect(await screen.findByText('Decided by a colleague', {}, T)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull(), T);
  });
});
