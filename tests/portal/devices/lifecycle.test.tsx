// A device's page on the real server: an operator walks a device APPROVED → REGISTERED (the secret shown
// once) → DELIVERED → ACTIVE → DEREGISTERED, offered only the buttons of each step, each confirmed with
// 'Confirm to {action} - {serial}?' and sent as POST /devices/{id}/{arrow} with a fresh Idempotency-Key;
// a merchant is offered Deregister only; a refused move (11, 26622) shows the server's message.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../api';
import { openAs } from '../renderApp';
import { portalServer } from '../server';
import {
  confirmWith,
  DEVICE_DEMO_SERIALS,
  deviceRow,
  expectFreshKeys,
  lifecycleButtons,
  lifecycleChip,
  seedDevices,
  T,
} from './demo';

const SECRET = /^[A-Za-z0-9_-]{43}$/;
const region = () => screen.getByRole('region', { name: 'Lifecycle', hidden: true });

/** Clicks a lifecycle button, confirms, and waits for the Hint notice. */
const move = async (button: string, action: string, serial: string) => {
  // the last confirmation has faded out (until then MUI hides the page from the tree)
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), T);
  fireEvent.click(within(region()).getByRole('button', { name: button }));
  await confirmWith(`Confirm to ${action} - ${serial}?`);
  expect(await screen.findByText(`${action} ${serial} success`, {}, T)).toBeInTheDocument();
};

describe('device page', { timeout: 60_000 }, () => {
  const backend = portalServer();

  it('operator: APPROVED → REGISTERED (secret once) → DELIVERED → ACTIVE → DEREGISTERED', async () => {
    const { approved } = await seedDevices(backend);
    const serial = DEVICE_DEMO_SERIALS.approved;
    await openAs('operator', `/devices/${approved.id}/show`);

    expect(await screen.findByRole('heading', { name: serial }, T)).toBeInTheDocument();
    expect(lifecycleChip(serial)).toBe('Approved');
    await waitFor(() => expect(lifecycleButtons()).toEqual(['Register', 'Registration failed']), T);
    expect(
      screen.getByText('Register the device to create the secret it signs in with.'),
    ).toBeInTheDocument();
    // the device's fields
    expect(screen.getByText('Counter 3 · T100')).toBeInTheDocument();
    expect(await screen.findByText('Acme Coffee Raffles', {}, T)).toBeInTheDocument();
    expect(await screen.findByText('Acme Coffee Pte Ltd', {}, T)).toBeInTheDocument();

    // Register: the secret, shown once, until the user closes it
    await move('Register', 'Register', serial);
    const dialog = await screen.findByRole('dialog', { name: `Secret of device ${serial}` }, T);
    expect(dialog).toHaveTextContent('It is shown only this once and will never be shown again');
    const secret = within(dialog).getByRole('textbox', { name: 'Device secret' }).textContent ?? '';
    expect(secret).toMatch(SECRET);
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    // the page behind it moved on
    await waitFor(() => expect(lifecycleChip(serial)).toBe('Registered'), T);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), T);
    expect(document.body.textContent).not.toContain(secret);
    await waitFor(() => expect(lifecycleButtons()).toEqual(['Deliver']), T);

    await move('Deliver', 'Deliver', serial);
    await waitFor(() => expect(lifecycleChip(serial)).toBe('Delivered'), T);
    await waitFor(() => expect(lifecycleButtons()).toEqual(['Activate', 'Spoil']), T);

    await move('Activate', 'Activate', serial);
    await waitFor(() => expect(lifecycleChip(serial)).toBe('Active'), T);
    await waitFor(() => expect(lifecycleButtons()).toEqual(['Spoil', 'Deregister']), T);

    await move('Deregister', 'Deregister', serial);
    await waitFor(() => expect(lifecycleChip(serial)).toBe('Deregistered'), T);
    await waitFor(() => expect(lifecycleButtons()).toEqual([]), T);
    expect(screen.getByText('This device was deregistered. Its lifecycle has ended.')).toBeInTheDocument();
    expect(await deviceRow(backend, approved.id)).toMatchObject({
      lifecycle: 'DEREGISTERED',
      state: 'DEREGISTERED',
    });

    // exactly these requests, in this order, each with a fresh key
    const posts = (await backend.sent('POST')).filter((r) => r.path.startsWith('/devices/'));
    expect(posts.map((p) => [p.path, p.body])).toEqual([
      [`/devices/${approved.id}/register`, {}],
      [`/devices/${approved.id}/deliver`, {}],
      [`/devices/${approved.id}/activate`, {}],
      [`/devices/${approved.id}/deregister`, {}],
    ]);
    expectFreshKeys(posts);
  });

  it('operator: "Registration failed" posts register {failed: true}; Register is offered again', async () => {
    const { approved } = await seedDevices(backend);
    const serial = DEVICE_DEMO_SERIALS.approved;
    await openAs('operator', `/devices/${approved.id}/show`);
    await waitFor(() => expect(lifecycleButtons()).toEqual(['Register', 'Registration failed']), T);

    await move('Registration failed', 'Mark registration failed', serial);
    await waitFor(() => expect(lifecycleChip(serial)).toBe('Registration failed'), T);
    // no secret for a failed registration
    expect(screen.queryByRole('dialog', { name: /^Secret of device/ })).toBeNull();
    await waitFor(() => expect(lifecycleButtons()).toEqual(['Register', 'Registration failed']), T);
    const posts = await backend.sent('POST', `/devices/${approved.id}/register`);
    expect(posts.map((p) => p.body)).toEqual([{ failed: true }]);
    expectFreshKeys(posts);
  });

  it('operator: Activate waits for a store', async () => {
    const { noStore } = await seedDevices(backend);
    await openAs('operator', `/devices/${noStore.id}/show`);
    await waitFor(() => expect(lifecycleButtons()).toEqual(['Activate', 'Spoil']), T);
    expect(within(region()).getByRole('button', { name: 'Activate' })).toBeDisabled();
    expect(
      within(region()).getByText('Set the device’s store (Edit) before activating it.'),
    ).toBeInTheDocument();
  });

  it('merchant: Deregister only, on an active device of their own', async () => {
    const { active, delivered, registered } = await seedDevices(backend);
    await openAs('merchant', `/devices/${delivered.id}/show`);
    expect(
      await screen.findByRole('heading', { name: DEVICE_DEMO_SERIALS.delivered }, T),
    ).toBeInTheDocument();
    await waitFor(() => expect(lifecycleChip(DEVICE_DEMO_SERIALS.delivered)).toBe('Delivered'), T);
    expect(lifecycleButtons()).toEqual([]);
    expect(
      screen.getByText(
        'An operator registers, delivers and activates this device; then it stamps at its store.',
      ),
    ).toBeInTheDocument();
    // a merchant does not read the company line (it is their own)
    expect(screen.queryByText('Company', { selector: 'dt' })).toBeNull();
    expect((await deviceRow(backend, registered.id)).lifecycle).toBe('REGISTERED');

    window.history.pushState({}, '', `/devices/${active.id}/show`);
    fireEvent(window, new PopStateEvent('popstate'));
    const serial = DEVICE_DEMO_SERIALS.active;
    expect(await screen.findByRole('heading', { name: serial }, T)).toBeInTheDocument();
    await waitFor(() => expect(lifecycleButtons()).toEqual(['Deregister']), T);

    await move('Deregister', 'Deregister', serial);
    await waitFor(() => expect(lifecycleChip(serial)).toBe('Deregistered'), T);
    await waitFor(() => expect(lifecycleButtons()).toEqual([]), T);
    const posts = (await backend.sent('POST')).filter((r) => r.path.startsWith('/devices/'));
    expect(posts.map((p) => [p.path, p.body])).toEqual([[`/devices/${active.id}/deregister`, {}]]);
    expectFreshKeys(posts);
  });

  it('refused: a device moved meanwhile (11), deregistered twice (26622): the server says why', async () => {
    const { delivered, active } = await seedDevices(backend);
    await openAs('operator', `/devices/${delivered.id}/show`);
    const serial = DEVICE_DEMO_SERIALS.delivered;
    await waitFor(() => expect(lifecycleButtons()).toEqual(['Activate', 'Spoil']), T);

    // another operator spoils it while this page shows it as delivered
    const operator = await apiAs(backend, 'operator');
    await operator('POST', `/devices/${delivered.id}/spoil`, {});
    fireEvent.click(screen.getByRole('button', { name: 'Activate' }));
    await confirmWith(`Confirm to Activate - ${serial}?`);
    expect(await screen.findByText(`Activate ${serial} failed`, {}, T)).toBeInTheDocument();
    expect(screen.getByText(/^11 · [0-9a-f]{4}$/)).toBeInTheDocument();
    const alert = await within(region()).findByRole('alert', {}, T);
    expect(alert).toHaveTextContent('This action is not allowed in the current state');
    expect(alert).toHaveTextContent('Lifecycle: cannot activate a device that is SPOILT');
    // the page shows the device as it is now
    await waitFor(() => expect(lifecycleChip(serial)).toBe('Spoilt'), T);
    await waitFor(() => expect(lifecycleButtons()).toEqual([]), T);

    window.history.pushState({}, '', `/devices/${active.id}/show`);
    fireEvent(window, new PopStateEvent('popstate'));
    const activeSerial = DEVICE_DEMO_SERIALS.active;
    expect(await screen.findByRole('heading', { name: activeSerial }, T)).toBeInTheDocument();
    await waitFor(() => expect(lifecycleButtons()).toEqual(['Spoil', 'Deregister']), T);
    await operator('POST', `/devices/${active.id}/deregister`, {});
    expect(within(region()).queryByRole('alert')).toBeNull();
    fireEvent.click(within(region()).getByRole('button', { name: 'Deregister' }));
    await confirmWith(`Confirm to Deregister - ${activeSerial}?`);
    expect(await screen.findByText(`Deregister ${activeSerial} failed`, {}, T)).toBeInTheDocument();
    expect(screen.getByText(/^26622 · [0-9a-f]{4}$/)).toBeInTheDocument();
    await waitFor(
      () => expect(within(region()).getByRole('alert')).toHaveTextContent('Device deregistration failed'),
      T,
    );
    expect(within(region()).getByRole('alert')).toHaveTextContent('Lifecycle: the device is DEREGISTERED');
    await waitFor(() => expect(lifecycleChip(activeSerial)).toBe('Deregistered'), T);
    await waitFor(() => expect(lifecycleButtons()).toEqual([]), T);
  });
});
