// A store's page on the real server: the generated show with its "Stamping PIN" panel. Setting a PIN
// checks it here first (too short, not digits, the two not the same: nothing is sent), then asks
// 'Confirm to Set PIN - {store}?' and sends POST /stores/{id}/pin {pin} with an Idempotency-Key; the
// panel then says "PIN set" with its date and the PIN is nowhere on the screen. A lock after wrong
// PINs is shown with its end; a 403 or a store that is not the caller's reads as a sensible notice.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../contract/format';
import { server } from '../../../mocks/node';
import { failure } from '../../../mocks/respond';
import { openAs } from '../renderApp';
import { portalServer } from '../server';
import { confirmWith, expectFreshKeys, pinRow, seedDevices, T, typeWrongPins } from './demo';

/** A time as the page writes it: in the signed-in user's country's zone (sg: Singapore's). */
const dateTime = (iso: string) => formatDateTime(iso, 'en-SG', 'Asia/Singapore');

const panel = () => screen.getByRole('region', { name: 'Stamping PIN', hidden: true });

/** Types the two PINs and presses Save PIN. */
const submit = (dialog: HTMLElement, pin: string, repeat: string) => {
  fireEvent.change(within(dialog).getByLabelText(/^New PIN/), { target: { value: pin } });
  fireEvent.change(within(dialog).getByLabelText(/^Repeat the PIN/), { target: { value: repeat } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save PIN' }));
};

describe('store page: stamping PIN', { timeout: 60_000 }, () => {
  const backend = portalServer();

  it('merchant sets a PIN: short, non-digit and mismatched PINs are refused here; then "PIN set" with its date', async () => {
    await seedDevices(backend);
    await openAs('merchant', '/store/2/show');

    // the generated show's fields stay
    expect(await screen.findByText('313 Orchard Road #B1-10', {}, T)).toBeInTheDocument();
    await waitFor(() => expect(within(panel()).getByText('No PIN')).toBeInTheDocument(), T);
    expect(within(panel()).getByText('Not locked')).toBeInTheDocument();

    fireEvent.click(within(panel()).getByRole('button', { name: 'Set PIN' }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Set the stamping PIN of Acme Coffee Orchard' },
      T,
    );
    const pin = within(dialog).getByLabelText(/^New PIN/);
    // masked
    expect(pin).toHaveAttribute('type', 'password');
    expect(within(dialog).getByLabelText(/^Repeat the PIN/)).toHaveAttribute('type', 'password');

    submit(dialog, '', '');
    expect(await within(dialog).findByText('Enter the PIN', {}, T)).toBeInTheDocument();
    submit(dialog, '123', '123');
    expect(await within(dialog).findByText('The PIN needs at least 4 digits', {}, T)).toBeInTheDocument();
    submit(dialog, '12a4', '12a4');
    expect(await within(dialog).findByText('The PIN is digits only (0-9)', {}, T)).toBeInTheDocument();
    submit(dialog, '123456789', '123456789');
    expect(await within(dialog).findByText('The PIN has at most 8 digits', {}, T)).toBeInTheDocument();
    submit(dialog, '2580', '2581');
    expect(await within(dialog).findByText('The two PINs do not match', {}, T)).toBeInTheDocument();
    // nothing was sent for any of them
    expect(await backend.sent('POST', '/stores/2/pin')).toEqual([]);

    submit(dialog, '2580', '2580');
    await confirmWith('Confirm to Set PIN - Acme Coffee Orchard?');
    expect(await screen.findByText('Set PIN Acme Coffee Orchard success', {}, T)).toBeInTheDocument();
    const posts = await backend.sent('POST', '/stores/2/pin');
    expect(posts.map((p) => p.body)).toEqual([{ pin: '2580' }]);
    expectFreshKeys(posts);

    // the PIN itself is nowhere: not on the page, not in a field
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), T);
    await waitFor(() => expect(within(panel()).getByText('PIN set')).toBeInTheDocument(), T);
    const setAt = (await pinRow(backend, 2))?.setAt;
    if (!setAt) throw new Error('store 2 has no PIN');
    const shown = dateTime(setAt.toISOString());
    expect(within(panel()).getByText(shown)).toBeInTheDocument();
    expect(within(panel()).getByRole('button', { name: 'Reset PIN' })).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('2580');
    expect(screen.queryByDisplayValue('2580')).toBeNull();
    // and the GET answers never held it
    for (const r of await backend.sent('GET', '/stores/2/pin'))
      expect(JSON.stringify(r.body ?? '')).not.toContain('2580');
  });

  it('operator resets a PIN; a lock after wrong PINs is shown with its end', async () => {
    await seedDevices(backend);
    // five wrong PINs typed at store 1's till
    const [first] = await typeWrongPins(backend, 1, 5);
    if (!first) throw new Error('no wrong PIN recorded');
    await openAs('operator', '/store/1/show');

    await waitFor(() => expect(within(panel()).getByText('PIN set')).toBeInTheDocument(), T);
    expect(within(panel()).getByText('Locked')).toBeInTheDocument();
    const until = dateTime(new Date(first.getTime() + 15 * 60_000).toISOString());
    expect(
      within(panel()).getByText(new RegExp(`^Locked until ${until.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`)),
    ).toBeInTheDocument();

    fireEvent.click(within(panel()).getByRole('button', { name: 'Reset PIN' }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Reset the stamping PIN of Acme Coffee Raffles' },
      T,
    );
    submit(dialog, '97531', '97531');
    await confirmWith('Confirm to Reset PIN - Acme Coffee Raffles?');
    expect(await screen.findByText('Reset PIN Acme Coffee Raffles success', {}, T)).toBeInTheDocument();
    expect((await backend.sent('POST', '/stores/1/pin')).map((p) => p.body)).toEqual([{ pin: '97531' }]);
    // a new PIN ends the lock
    await waitFor(() => expect(within(panel()).getByText('Not locked')).toBeInTheDocument(), T);
    expect(within(panel()).queryByText(/^Locked until/)).toBeNull();
    expect(document.body.textContent).not.toContain('97531');
  });

  it("a refusal (403) and a store that is not the caller's read as sensible notices", async () => {
    await seedDevices(backend);
    server.use(http.post('*/stores/:id/pin', () => failure('ACCESS_DENIED')));
    await openAs('merchant', '/store/1/show');
    await waitFor(() => expect(within(panel()).getByText('PIN set')).toBeInTheDocument(), T);
    fireEvent.click(within(panel()).getByRole('button', { name: 'Reset PIN' }));
    const dialog = await screen.findByRole('dialog', { name: /^Reset the stamping PIN/ }, T);
    submit(dialog, '4321', '4321');
    await confirmWith('Confirm to Reset PIN - Acme Coffee Raffles?');
    expect(await screen.findByText('Reset PIN Acme Coffee Raffles failed', {}, T)).toBeInTheDocument();
    const alert = await within(dialog).findByRole('alert', {}, T);
    expect(alert).toHaveTextContent('You do not have permission to do this');
    expect(
      within(dialog).getByText(
        'You may not see or change this store’s PIN. Ask an operator or your company’s owner.',
      ),
    ).toBeInTheDocument();
    // the dialog stays open with what was typed, so the user may cancel
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), T);
    expect(screen.queryByDisplayValue('4321')).toBeNull();
  });

  it('the PIN status of a store the caller may not see reads as not available', async () => {
    await seedDevices(backend);
    server.use(http.get('*/stores/:id/pin', () => failure('STORE_NOT_FOUND')));
    await openAs('merchant', '/store/1/show');
    expect(
      await within(await screen.findByRole('region', { name: 'Stamping PIN' }, T)).findByText(
        'This store’s PIN is not available to you: only operators and merchants of the store’s company may see it.',
        {},
        T,
      ),
    ).toBeInTheDocument();
    expect(within(panel()).queryByRole('button')).toBeNull();
  });
});
