// The push form on the real server: the title and body with placeholder chips that insert at the cursor,
// the audience with only its own picker, the live preview filled in for the audience's first member with
// the recipient count (GET /push/audience), the save (POST /push with exactly the push), and Schedule on
// the push's page behind 'Confirm to Schedule - {title}?' (POST /push/{id}/schedule, Idempotency-Key).
// An unknown placeholder is the field's error; a merchant limited to a brand is offered BRAND and STORE only.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { openAs, waitForPath } from '../renderApp';
import { portalServer } from '../server';
import { settled } from '../settle';
import {
  asCompanyOwner,
  confirmWith,
  expectFreshKeys,
  pushRow,
  pushRows,
  STORE_1,
  seedPush,
  T,
  templateRow,
} from './demo';

const preview = () => screen.getByRole('region', { name: 'Preview' });
const radio = (name: string) => screen.queryByRole('radio', { name });

describe('push form', { timeout: 60_000 }, () => {
  const backend = portalServer();

  it('a merchant writes to one store with a placeholder, sees the preview and the count, saves and schedules', async () => {
    await seedPush(backend);
    await openAs('merchant', '/push/create');
    const user = userEvent.setup({ delay: null });

    const title = await screen.findByLabelText(/^Title/, {}, T);
    await user.type(title, 'Coffee time, ');
    // the chip inserts where the cursor is: the end of the title
    fireEvent.click(screen.getByRole('button', { name: 'Insert {name}' }));
    await waitFor(() => expect(title).toHaveValue('Coffee time, {name}'), T);
    const body = screen.getByLabelText(/^Body/);
    fireEvent.change(body, { target: { value: 'You have  stamps at {brand}.' } });
    fireEvent.focus(body);
    (body as HTMLTextAreaElement).setSelectionRange(9, 9);
    fireEvent.click(screen.getByRole('button', { name: 'Insert {stamps}' }));
    await waitFor(() => expect(body).toHaveValue('You have {stamps} stamps at {brand}.'), T);

    fireEvent.click(radio('Members of one store') as HTMLElement);
    await user.type(await screen.findByLabelText(/^Store/, {}, T), 'Raffles');
    await settled(); // the typed search's answer, before an option is picked
    fireEvent.click(await screen.findByRole('option', { name: 'Acme Coffee Raffles' }, T));

    // the preview, asked again for the store: its first member and how many it reaches
    const lastAsked = async () => {
      const asked = await backend.sent('GET', '/push/audience');
      return Object.fromEntries(new URLSearchParams(asked.at(-1)?.search));
    };
    await waitFor(
      async () => expect(await lastAsked()).toEqual({ audience: 'STORE', audienceStoreId: '1' }),
      T,
    );
    await waitFor(() => expect(preview()).toHaveTextContent(`Will reach ${STORE_1.count} members`), T);
    const card = within(preview()).getByRole('figure', { name: 'The notification as a member sees it' });
    expect(card).toHaveTextContent(`Coffee time, ${STORE_1.first.name}`);
    expect(card).toHaveTextContent(`You have ${STORE_1.first.stamps} stamps at Acme Coffee.`);
    expect(preview()).toHaveTextContent(`As ${STORE_1.first.name} (${STORE_1.first.mobile}) gets it`);

    // typed as the picker writes it, in the merchant's country's zone (Singapore's), whatever the browser's
    const time = screen.getByLabelText(/^Scheduled for/, { selector: 'input' });
    fireEvent.change(time, { target: { value: '1 May 2031, 09:30' } });
    expect((time as HTMLInputElement).value.replace(/\u200e/g, '')).toBe('1 May 2031, 09:30');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(async () => expect(await backend.sent('POST', '/push')).toHaveLength(1), T);
    const [created] = await backend.sent('POST', '/push');
    expect(created?.body).toEqual({
      title: 'Coffee time, {name}',
      body: 'You have {stamps} stamps at {brand}.',
      audience: 'STORE',
      audienceStoreId: 1,
      scheduledAt: '2031-05-01T01:30:00.000Z',
    });
    // the answer (and the row) follow the request
    const saved = async () => (await pushRows(backend)).find((p) => p.title === 'Coffee time, {name}');
    await waitFor(async () => expect(await saved()).toMatchObject({ state: 'PENDING', companyId: 1 }), T);
    const row = await saved();
    await waitForPath(`/push/${row?.id}/show`);

    fireEvent.click(await screen.findByRole('button', { name: 'Schedule' }, T));
    await confirmWith('Confirm to Schedule - Coffee time, {name}?');
    expect(await screen.findByText('Schedule Coffee time, {name} success', {}, T)).toBeInTheDocument();
    const scheduled = await backend.sent('POST', `/push/${row?.id}/schedule`);
    expect(scheduled.map((r) => r.body)).toEqual([{}]);
    expectFreshKeys(scheduled);
    expect((await pushRow(backend, Number(row?.id))).state).toBe('SCHEDULED');
    // once scheduled: Cancel instead of Schedule and Edit. The confirm dialog has a Cancel of its own and
    // stays until it has faded out or the reloaded push drops the Schedule button it lives in: wait for that.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Please confirm' })).toBeNull(), T);
    expect(await screen.findByRole('button', { name: 'Cancel' }, T)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Schedule' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
  });

  it('an unknown placeholder is the field error, and nothing is saved', async () => {
    await seedPush(backend);
    await openAs('merchant', '/push/create');

    fireEvent.change(await screen.findByLabelText(/^Title/, {}, T), { target: { value: 'Hello' } });
    fireEvent.change(screen.getByLabelText(/^Body/), { target: { value: 'Hi {nmae}, come back soon' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(
      await screen.findByText(
        'Unknown placeholder {nmae}; use {name} {mobile} {brand} {company} {stamps} {vouchers}',
        {},
        T,
      ),
    ).toBeInTheDocument();
    expect(await backend.sent('POST', '/push')).toHaveLength(0);
  });

  it('a merchant limited to a brand is offered its brand or its stores, never all members', async () => {
    await seedPush(backend);
    await openAs('merchant', '/push/create');

    await screen.findByLabelText(/^Title/, {}, T);
    expect(radio('Members of one brand')).toBeChecked();
    expect(radio('Members of one store')).toBeInTheDocument();
    expect(radio('All members')).toBeNull();
    expect(radio('One member')).toBeNull();
    expect(screen.getByText(/You work for one brand/)).toBeInTheDocument();
    // the brand is theirs, fixed, and the preview counts its members
    await waitFor(() => expect(screen.getByLabelText(/^Brand/)).toHaveValue('Acme Coffee'), T);
    expect(screen.getByLabelText(/^Brand/)).toBeDisabled();
    await waitFor(() => expect(preview()).toHaveTextContent(/Will reach \d+ members/), T);
    const asked = await backend.sent('GET', '/push/audience');
    expect(Object.fromEntries(new URLSearchParams(asked.at(-1)?.search))).toEqual({
      audience: 'BRAND',
      audienceBrandId: '1',
    });
  });

  it("the company's owner is offered every audience; one member by mobile", async () => {
    await seedPush(backend);
    await asCompanyOwner(backend);
    await openAs('merchant', '/push/create');

    await screen.findByLabelText(/^Title/, {}, T);
    expect(radio('All members')).toBeChecked();
    for (const name of ['Members of one brand', 'Members of one store', 'One member'])
      expect(radio(name)).toBeInTheDocument();
    await waitFor(() => expect(preview()).toHaveTextContent(/Will reach \d+ members/), T);

    fireEvent.click(radio('One member') as HTMLElement);
    expect(preview()).toHaveTextContent("Enter the member's mobile number");
    fireEvent.change(screen.getByLabelText(/^Member mobile/), { target: { value: '8111 2222' } });
    await waitFor(() => expect(preview()).toHaveTextContent('Will reach 1 member'), T);
    fireEvent.change(screen.getByLabelText(/^Member mobile/), { target: { value: '8000 0000' } });
    await waitFor(() => expect(preview()).toHaveTextContent('Will reach 0 members'), T);
    expect(preview()).toHaveTextContent('Nobody in this audience holds your cards or vouchers yet.');
  });

  it('an operator picks the company first; a template fills the text; the preview and the save name the company', async () => {
    await seedPush(backend);
    await openAs('operator', '/push/create');
    const user = userEvent.setup({ delay: null });

    // nothing to pick from before the company
    expect(
      await screen.findByText('Choose a company to see whom the push reaches', {}, T),
    ).toBeInTheDocument();
    await user.type(screen.getByRole('combobox', { name: 'Company *' }), 'Acme');
    // the answer to the typed search first: an option picked from the list shown before it arrives
    // is replaced when it does (seen on a busy machine, where the search's debounce can outlast a
    // turn of settled()): the search for the typed text has gone out, and everything has come back
    await waitFor(
      async () => expect((await backend.sent('GET')).some((r) => r.search.includes('Acme'))).toBe(true),
      T,
    );
    await settled();
    fireEvent.click(await screen.findByRole('option', { name: /Acme Coffee Pte Ltd/ }, T));
    await waitFor(
      () => expect(screen.getByRole('combobox', { name: 'Company *' })).toHaveValue('Acme Coffee Pte Ltd'),
      T,
    );

    await user.type(await screen.findByLabelText(/^Template/, {}, T), 'coffee');
    await settled();
    fireEvent.click(await screen.findByRole('option', { name: 'Your coffee is waiting, {name}' }, T));
    await waitFor(
      () => expect(screen.getByLabelText(/^Title/)).toHaveValue('Your coffee is waiting, {name}'),
      T,
    );
    expect(screen.getByLabelText(/^Body/)).toHaveValue(
      'You have {stamps} stamps at {brand}. Drop by this week to fill your card!',
    );
    // still editable
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: 'Still waiting, {name}?' } });

    fireEvent.click(radio('Members of one brand') as HTMLElement);
    await user.type(await screen.findByLabelText(/^Brand/, {}, T), 'A');
    await settled(); // the typed search's answer, before an option is picked
    expect(await screen.findByRole('option', { name: 'Acme Tea House' }, T)).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Borealis' })).toBeNull();
    fireEvent.click(screen.getByRole('option', { name: 'Acme Coffee' }));

    await waitFor(async () => {
      const asked = await backend.sent('GET', '/push/audience');
      expect(Object.fromEntries(new URLSearchParams(asked.at(-1)?.search))).toEqual({
        companyId: '1',
        audience: 'BRAND',
        audienceBrandId: '1',
      });
    }, T);
    await waitFor(() => expect(preview()).toHaveTextContent('Still waiting, Arjun Nair?'), T);

    fireEvent.change(screen.getByLabelText(/^Scheduled for/, { selector: 'input' }), {
      target: { value: '1 May 2031, 09:30' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await backend.sent('POST', '/push')).toHaveLength(1), T);
    const [created] = await backend.sent('POST', '/push');
    const template = await templateRow(backend, 'Your coffee is waiting, {name}');
    expect(created?.body).toEqual({
      templateId: template?.id,
      title: 'Still waiting, {name}?',
      body: 'You have {stamps} stamps at {brand}. Drop by this week to fill your card!',
      audience: 'BRAND',
      audienceBrandId: 1,
      scheduledAt: '2031-05-01T01:30:00.000Z',
      companyId: 1,
    });
  });

  it('editing a pending push sends only what changed, and switching audience clears the old target', async () => {
    const { pending } = await seedPush(backend);
    await openAs('merchant', `/push/${pending.id}`);
    const user = userEvent.setup({ delay: null });

    const title = await screen.findByLabelText(/^Title/, {}, T);
    await waitFor(() => expect(title).toHaveValue('Weekend double stamps'), T);
    expect(radio('Members of one brand')).toBeChecked();
    fireEvent.change(title, { target: { value: 'Double stamps all weekend' } });
    fireEvent.click(radio('Members of one store') as HTMLElement);
    await user.type(await screen.findByLabelText(/^Store/, {}, T), 'Raffles');
    await settled(); // the typed search's answer, before an option is picked
    fireEvent.click(await screen.findByRole('option', { name: 'Acme Coffee Raffles' }, T));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(async () => expect(await backend.sent('PUT', `/push/${pending.id}`)).toHaveLength(1), T);
    const [put] = await backend.sent('PUT', `/push/${pending.id}`);
    expect(put?.body).toEqual({
      title: 'Double stamps all weekend',
      audience: 'STORE',
      audienceBrandId: null,
      audienceStoreId: 1,
    });
    await waitFor(
      async () =>
        expect(await pushRow(backend, pending.id)).toMatchObject({
          audience: 'STORE',
          audienceBrandId: null,
          audienceStoreId: 1,
        }),
      T,
    );
  });
});
