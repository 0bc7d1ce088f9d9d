// The operator's approval queue on the real server: /approve lands on the PENDING requests, a row opens
// the request, Approve asks 'Confirm to Approve - {company}?' first, Reject asks for a reason, and a
// request decided meanwhile (26400) gives the red error notice.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { merchantSignup } from '../../../server/platform/db/schema';
import { openAs, waitForPath } from '../renderApp';
import { portalServer, type RealBackend } from '../server';
import { settled } from '../settle';
import { userRow, WORLD } from '../world';
import { decideSignup, enableLee, fileSignup } from './signup-demo';

const T = { timeout: 30_000 };

// a registration number is one company's (the server refuses a second one with code 9)
const body = (company: string, brand: string, registrationNo: string) => ({
  company: { name: company, registrationNo, contactEmail: 'hello@example.sg' },
  brand: { name: brand },
  store: { name: `${brand} Raffles`, address: '1 Raffles Place' },
});

/** A pending request from Nina and an approved one from Lee (enabled by the operator first). */
const seed = async (backend: RealBackend) => {
  const pending = await fileSignup(
    backend,
    'newMerchant',
    body('Kopi Corner Pte Ltd', 'Kopi Corner', '201912345K'),
  );
  await enableLee(backend);
  const done = await fileSignup(backend, 'locked', body('Old Bakery Pte Ltd', 'Old Bakery', '201812345B'));
  await decideSignup(backend, done, 'approve');
  return pending;
};

describe('approving merchant signups', { timeout: 60_000 }, () => {
  const backend = portalServer();

  it('/approve opens the queue on the pending requests; a row opens the request', async () => {
    const id = await seed(backend);
    await openAs('operator', '/approve');
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
    const id = await seed(backend);
    await openAs('operator', `/merchantSignup/${id}/show`);
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
    expect((await userRow(backend.t.db, WORLD.users.newMerchant))?.signupState).toBe('APPROVAL');
  });

  it('Reject: a reason is required, then POST /reject {reason} and the reason is shown', async () => {
    const id = await seed(backend);
    await openAs('operator', `/merchantSignup/${id}/show`);
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
    const [row] = await backend.t.db.select().from(merchantSignup).where(eq(merchantSignup.id, id));
    expect(row).toMatchObject({ approval: 'REJECT', reason: 'The registration number does not match ACRA.' });
  });

  it('in the app, the approved merchant\'s "Check again" lands on / and stays there', async () => {
    const id = await seed(backend);
    await openAs('newMerchant', '/signup');
    const check = await screen.findByRole('button', { name: 'Check again' }, T);
    await decideSignup(backend, id, 'approve');
    fireEvent.click(check);
    await waitForPath('/');
    expect(await screen.findByText('Welcome, Nina New', {}, T)).toBeInTheDocument();
    expect(await screen.findByRole('navigation', { name: 'Main menu' }, T)).toHaveTextContent('Stamp Cards');
    await settled();
    expect(window.location.pathname).toBe('/');
  });

  it('a request decided meanwhile: 26400 in a red error notice, then the decided request', async () => {
    const id = await seed(backend);
    await openAs('operator', `/merchantSignup/${id}/show`);
    const approve = await screen.findByRole('button', { name: 'Approve' }, T);
    await decideSignup(backend, id, 'reject', 'Decided by a colleague');
    fireEvent.click(approve);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Approve Kopi Corner Pte Ltd failed', {}, T)).toBeInTheDocument();
    expect(screen.getByText(/^26400/)).toBeInTheDocument();
    expect(screen.getByText('INVALID_OPERATOR_APPROVAL_STATE')).toBeInTheDocument();
    expect(await screen.findByText('Decided by a colleague', {}, T)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull(), T);
  });
});
