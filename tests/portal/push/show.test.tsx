// A push's page on the real server: once sent (COMPLETED), its delivery figures and its deliveries (GET
// /push-deliveries filtered by the push: each member's message as filled in and sent); FAILED shows its
// failure reason; a scheduled push whose time has passed is sent by the job runner and shows so; Cancel
// takes a scheduled push back to PENDING behind the confirm dialog; a push no longer pending is not edited.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PUSH_FOLLOW_MS } from '../../../src/pages/push/PushShow';
import { apiAs } from '../api';
import { runJobs } from '../make';
import { openAs } from '../renderApp';
import { portalServer } from '../server';
import { confirmWith, deliveriesOf, expectFreshKeys, pushRow, STORE_1, seedPush, T, tile } from './demo';

describe('push page', { timeout: 60_000 }, () => {
  const backend = portalServer();

  /** Moves a scheduled push's time to a minute ago: cancelled, edited and scheduled again, as a merchant would. */
  const rescheduleToAMinuteAgo = async (pushId: number) => {
    const merchant = await apiAs(backend, 'merchant');
    await merchant('POST', `/push/${pushId}/cancel`, {});
    await merchant('PUT', `/push/${pushId}`, {
      scheduledAt: new Date(Date.now() - 60_000).toISOString(),
    });
    await merchant('POST', `/push/${pushId}/schedule`, {});
  };

  it('a completed push shows its figures and its deliveries', async () => {
    const { completed } = await seedPush(backend);
    await openAs('merchant', `/push/${completed.id}/show`);

    expect(
      await screen.findByRole('heading', { name: 'Your coffee is waiting, {name}' }, T),
    ).toBeInTheDocument();
    expect(screen.getByText('Completed')).toBeInTheDocument();
    expect(screen.getByText('Members of one store')).toBeInTheDocument();
    expect(await screen.findByText('Acme Coffee Raffles', {}, T)).toBeInTheDocument();
    expect(tile('Sent')).toHaveTextContent(String(STORE_1.count));
    expect(tile('Sent')).toHaveTextContent(`of ${STORE_1.count} members`);
    expect(tile('Not delivered')).toHaveTextContent('0');
    // no operations on a sent push
    for (const name of ['Schedule', 'Cancel']) expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();

    const deliveries = screen.getByRole('region', { name: 'Deliveries' });
    const arjun = (await within(deliveries).findByText(STORE_1.first.mobile, {}, T)).closest('tr');
    if (!arjun) throw new Error('no delivery row for Arjun');
    expect(arjun).toHaveTextContent('Sent');
    expect(arjun).toHaveTextContent(`Your coffee is waiting, ${STORE_1.first.name}`);
    expect(arjun).toHaveTextContent(
      `You have ${STORE_1.first.stamps} stamps at Acme Coffee. Drop by this week to fill your card!`,
    );
    expect(arjun).toHaveTextContent('outbox');
    expect(within(deliveries).getAllByRole('row')).toHaveLength(STORE_1.count + 1);
    const [listed] = await backend.sent('GET', '/push-deliveries');
    expect(Object.fromEntries(new URLSearchParams(listed?.search))).toMatchObject({
      filter: JSON.stringify([{ field: 'pushId', op: 'eq', value: completed.id }]),
      sort: 'at,desc',
    });
  });

  it('a failed push shows why', async () => {
    const { failed } = await seedPush(backend);
    await openAs('operator', `/push/${failed.id}/show`);

    expect(await screen.findByRole('heading', { name: 'Flash sale' }, T)).toBeInTheDocument();
    expect(screen.getByText('Failed')).toBeInTheDocument();
    expect(
      screen.getByText('7001 Push notification provider failed: the provider rejected the credentials (401)'),
    ).toBeInTheDocument();
    expect(tile('Sent')).toHaveTextContent('0');
    expect(await screen.findByText('Nobody was sent this push.', {}, T)).toBeInTheDocument();
  });

  it('a scheduled push whose time has passed is sent by the job runner, and shows so', async () => {
    const { scheduled } = await seedPush(backend);
    await rescheduleToAMinuteAgo(scheduled.id);
    // the server's job runner sends it (a test app runs none of its own: the test runs it)
    await runJobs(backend, new Date());
    await openAs('merchant', `/push/${scheduled.id}/show`);

    expect(await screen.findByText('Completed', {}, T)).toBeInTheDocument();
    await waitFor(() => expect(tile('Sent')).toHaveTextContent('4'), T);
    expect(await deliveriesOf(backend, scheduled.id)).toHaveLength(4);
  });

  it('a push sent by the job runner while its page is open shows Completed without a reload', async () => {
    const { scheduled } = await seedPush(backend);
    await rescheduleToAMinuteAgo(scheduled.id);
    await openAs('merchant', `/push/${scheduled.id}/show`);
    expect(await screen.findByText('Scheduled', {}, T)).toBeInTheDocument();
    const before = (await backend.sent('GET', `/push/${scheduled.id}`)).length;

    // the job runner sends it while the page stays open: no click, no reload
    await runJobs(backend, new Date());
    expect(await screen.findByText('Completed', {}, T)).toBeInTheDocument();
    expect(screen.queryByText('Scheduled')).toBeNull();
    await waitFor(() => expect(tile('Sent')).toHaveTextContent('4'), T);
    const deliveries = screen.getByRole('region', { name: 'Deliveries' });
    await waitFor(() => expect(within(deliveries).getAllByRole('row')).toHaveLength(4 + 1), T);
    // asked again by itself, then no more once the push is final
    const asked = (await backend.sent('GET', `/push/${scheduled.id}`)).length;
    expect(asked).toBeGreaterThan(before);
    await new Promise((resolve) => setTimeout(resolve, PUSH_FOLLOW_MS * 1.5));
    expect(await backend.sent('GET', `/push/${scheduled.id}`)).toHaveLength(asked);
  });

  it('Cancel takes a scheduled push back to pending once confirmed', async () => {
    const { scheduled } = await seedPush(backend);
    await openAs('merchant', `/push/${scheduled.id}/show`);

    expect(await screen.findByText('Scheduled', {}, T)).toBeInTheDocument();
    expect(screen.getByText(/Scheduled: it goes out on/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }, T));
    await confirmWith('Confirm to Cancel - New seasonal menu?');

    expect(await screen.findByText('Cancel New seasonal menu success', {}, T)).toBeInTheDocument();
    const posts = await backend.sent('POST', `/push/${scheduled.id}/cancel`);
    expect(posts.map((p) => p.body)).toEqual([{}]);
    expectFreshKeys(posts);
    await waitFor(async () => expect((await pushRow(backend, scheduled.id)).state).toBe('PENDING'), T);
    expect(await screen.findByRole('button', { name: 'Schedule' }, T)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toBeInTheDocument();
  });

  it('the edit form of a push no longer pending says so', async () => {
    const { completed } = await seedPush(backend);
    await openAs('merchant', `/push/${completed.id}`);

    expect(
      await screen.findByText(/This push is Completed: only a pending push can be edited/, {}, T),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Title/)).toBeNull();
  });

  it('a pending push to every member is not for a merchant limited to a brand to schedule', async () => {
    const { pending } = await seedPush(backend);
    // the draft's audience widened by the company's owner (an operator here: the seed merchant has a brand)
    await (await apiAs(backend, 'operator'))('PUT', `/push/${pending.id}`, {
      audience: 'ALL_MEMBERS',
      audienceBrandId: null,
    });
    await openAs('merchant', `/push/${pending.id}/show`);

    expect(await screen.findByText(/goes beyond the brand you work for/, {}, T)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Edit' }, T)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Schedule' })).toBeNull();
    expect(await backend.sent('GET', '/push/audience')).toHaveLength(0);
  });

  it('a pending push shows whom it reaches now, before it is scheduled', async () => {
    const { pending } = await seedPush(backend);
    await openAs('merchant', `/push/${pending.id}/show`);

    expect(await screen.findByText('Will reach 4 members', {}, T)).toBeInTheDocument();
    expect(screen.getByText(/A draft: schedule it/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Schedule' })).toBeInTheDocument();
  });
});
