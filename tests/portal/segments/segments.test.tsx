// Segments on the real server (issue 25): the segment editor builds the filter from rows of field /
// operator / value pickers (levels picked by name) and shows its live reach (POST /segments/reach while
// unsaved, GET /segments/{id}/reach for a saved one), and saves exactly the filter the rows show; the
// push composer's SEGMENT audience picks a segment, previews its reach and saves segmentId.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberLevels, memberStanding } from '../../../server/platform/db/schema';
import { apiAs } from '../api';
import { newProgramme } from '../make';
import { T } from '../operations';
import { asCompanyOwner } from '../push/demo';
import { openAs, waitForPath } from '../renderApp';
import { portalServer, type RealBackend } from '../server';
import { settled } from '../settle';
import { MEMBERS, nameMembers, WORLD } from '../world';

/** Acme's members with cards at store 1: Arjun Gold, Tan and Mei Silver, Siti no level. */
const seedLevels = async (backend: RealBackend) => {
  const merchant = await apiAs(backend, 'merchant');
  const { db } = backend.t;
  await nameMembers(db);
  const programme = await newProgramme(merchant);
  for (const memberMobile of Object.values(MEMBERS))
    await merchant('POST', `/stamp-cards/${programme.id}/member-cards`, {
      memberMobile,
      storeId: WORLD.acme.storeId,
    });
  const level = async (name: string, rank: number) => {
    const [row] = await db
      .insert(memberLevels)
      .values({ companyId: WORLD.acme.companyId, name, rank, threshold: rank * 5 } as never)
      .returning({ id: memberLevels.id });
    return row?.id as number;
  };
  const gold = await level('Gold', 2);
  const silver = await level('Silver', 1);
  const place = (levelId: number, mobile: string) =>
    db
      .update(memberStanding)
      .set({ levelId })
      .where(
        and(eq(memberStanding.companyId, WORLD.acme.companyId), eq(memberStanding.memberMobile, mobile)),
      );
  await place(gold, MEMBERS.arjun);
  await place(silver, MEMBERS.tan);
  await place(silver, MEMBERS.mei);
  return { merchant, gold, silver };
};

const reach = () => screen.getByRole('region', { name: 'Reach' });

/** Opens a MUI select by its label within `scope` and picks the options named. */
const pick = async (scope: HTMLElement, label: string, ...options: string[]) => {
  fireEvent.mouseDown(within(scope).getByRole('combobox', { name: label }));
  const list = await screen.findByRole('listbox', {}, T);
  for (const name of options) fireEvent.click(within(list).getByRole('option', { name }));
  if (options.length !== 1 || list.getAttribute('aria-multiselectable') === 'true')
    fireEvent.keyDown(list, { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull(), T);
};

describe('segments', { timeout: 60_000 }, () => {
  const backend = portalServer();

  it('a merchant builds a segment from conditions, sees its reach live and saves exactly that filter', async () => {
    const { gold, silver } = await seedLevels(backend);
    await openAs('merchant', '/segments/create');
    const user = userEvent.setup({ delay: null });

    await user.type(await screen.findByLabelText(/^Name/, {}, T), 'Regulars');
    // no condition: every member of the company
    await waitFor(() => expect(reach()).toHaveTextContent('Reaches 4 members'), T);
    fireEvent.click(screen.getByRole('button', { name: 'Add condition' }));
    const row = await screen.findByRole('group', { name: 'Condition 1' }, T);
    // a level is the first field offered; a value is still to be chosen
    expect(within(row).getByRole('combobox', { name: 'Field' })).toHaveTextContent('Level');
    expect(reach()).toHaveTextContent('Complete each condition to see how many members it reaches');
    await pick(row, 'Operator', 'is one of');
    await pick(row, 'Value', 'Gold', 'Silver');
    await waitFor(() => expect(reach()).toHaveTextContent('Reaches 3 members'), T);
    const asked = await backend.sent('POST', '/segments/reach');
    expect(asked.at(-1)?.body).toEqual({ filter: [{ field: 'levelId', op: 'in', value: [gold, silver] }] });

    // a second condition: at least 1 visit in the window (nobody has stamped yet)
    fireEvent.click(screen.getByRole('button', { name: 'Add condition' }));
    const second = await screen.findByRole('group', { name: 'Condition 2' }, T);
    await pick(second, 'Field', 'Visits in the window');
    fireEvent.change(within(second).getByRole('spinbutton', { name: 'Value' }), { target: { value: '1' } });
    await waitFor(() => expect(reach()).toHaveTextContent('Reaches 0 members'), T);
    fireEvent.click(screen.getByRole('button', { name: 'Remove condition 2' }));
    await waitFor(() => expect(reach()).toHaveTextContent('Reaches 3 members'), T);

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await backend.sent('POST', '/segments')).toHaveLength(1), T);
    const [created] = await backend.sent('POST', '/segments');
    expect(created?.body).toEqual({
      name: 'Regulars',
      filter: [{ field: 'levelId', op: 'in', value: [gold, silver] }],
    });
    await waitForPath('/aotg/segments');
    expect(await screen.findByText('Regulars', {}, T)).toBeInTheDocument();
    // the list says who is in it in words, not the filter's JSON
    expect(await screen.findByText('Level is one of Gold, Silver', {}, T)).toBeInTheDocument();
    expect(screen.queryByText(/"field"/)).toBeNull();
  });

  it('an incomplete condition is the field error, and nothing is saved', async () => {
    await seedLevels(backend);
    await openAs('merchant', '/segments/create');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/^Name/, {}, T), 'Half done');
    fireEvent.click(screen.getByRole('button', { name: 'Add condition' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Complete or remove each condition', {}, T)).toBeInTheDocument();
    expect(await backend.sent('POST', '/segments')).toHaveLength(0);
  });

  it("a saved segment's editor shows its reach (GET /segments/{id}/reach) and saves only what changed", async () => {
    const { merchant, gold } = await seedLevels(backend);
    const seg = await merchant<{ id: number }>('POST', '/segments', {
      name: 'Gold',
      filter: [{ field: 'levelId', op: 'eq', value: gold }],
    });
    await openAs('merchant', `/segments/${seg.id}`);
    await waitFor(() => expect(reach()).toHaveTextContent('Reaches 1 member'), T);
    expect(await backend.sent('GET', `/segments/${seg.id}/reach`)).not.toHaveLength(0);
    const row = screen.getByRole('group', { name: 'Condition 1' });
    expect(within(row).getByRole('combobox', { name: 'Value' })).toHaveTextContent('Gold');
    await pick(row, 'Value', 'Silver');
    await waitFor(() => expect(reach()).toHaveTextContent('Reaches 2 members'), T);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await backend.sent('PUT', `/segments/${seg.id}`)).toHaveLength(1), T);
    const [updated] = await backend.sent('PUT', `/segments/${seg.id}`);
    const silver = (await backend.t.db.select().from(memberLevels).where(eq(memberLevels.name, 'Silver')))[0]
      ?.id;
    expect(updated?.body).toEqual({ filter: [{ field: 'levelId', op: 'eq', value: silver }] });
  });

  it('a colleague limited to a brand is not offered a segment (a segment is company-wide)', async () => {
    await seedLevels(backend);
    await openAs('merchant', '/push/create');
    await screen.findByLabelText(/^Title/, {}, T);
    expect(screen.getByRole('radio', { name: 'Members of one brand' })).toBeChecked();
    expect(screen.queryByRole('radio', { name: 'A segment' })).toBeNull();
  });

  it('the push composer sends to a segment: picks it, previews its reach, saves segmentId', async () => {
    const { merchant, silver } = await seedLevels(backend);
    const seg = await merchant<{ id: number }>('POST', '/segments', {
      name: 'Silver members',
      filter: [{ field: 'levelId', op: 'eq', value: silver }],
    });
    await asCompanyOwner(backend);
    await openAs('merchant', '/push/create');
    const user = userEvent.setup({ delay: null });
    fireEvent.change(await screen.findByLabelText(/^Title/, {}, T), { target: { value: 'Hello {name}' } });
    fireEvent.change(screen.getByLabelText(/^Body/), { target: { value: 'Silver treats this week' } });
    fireEvent.click(screen.getByRole('radio', { name: 'A segment' }));
    const preview = () => screen.getByRole('region', { name: 'Preview' });
    expect(preview()).toHaveTextContent('Choose a segment to see whom the push reaches');
    await user.type(await screen.findByLabelText(/^Segment/, {}, T), 'Silver');
    await settled();
    fireEvent.click(await screen.findByRole('option', { name: 'Silver members' }, T));
    await waitFor(() => expect(preview()).toHaveTextContent('Will reach 2 members'), T);
    const asked = await backend.sent('GET', '/push/audience');
    expect(Object.fromEntries(new URLSearchParams(asked.at(-1)?.search))).toEqual({
      audience: 'SEGMENT',
      segmentId: String(seg.id),
    });
    const time = screen.getByLabelText(/^Scheduled for/, { selector: 'input' });
    fireEvent.change(time, { target: { value: '1 May 2031, 09:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await backend.sent('POST', '/push')).toHaveLength(1), T);
    const [created] = await backend.sent('POST', '/push');
    expect(created?.body).toEqual({
      title: 'Hello {name}',
      body: 'Silver treats this week',
      audience: 'SEGMENT',
      segmentId: seg.id,
      scheduledAt: '2031-05-01T01:30:00.000Z',
    });
  });

  it("a segment's page says who is in it in words, shows its reach and opens the composer with it", async () => {
    const { merchant, gold } = await seedLevels(backend);
    const seg = await merchant<{ id: number }>('POST', '/segments', {
      name: 'Gold regulars',
      description: 'Our best customers',
      filter: [
        { field: 'levelId', op: 'eq', value: gold },
        { field: 'stampsInWindow', op: 'gte', value: 5 },
        { field: 'hasAvailableVoucher', op: 'eq', value: true },
        { field: 'brandId', op: 'in', value: [WORLD.acme.brandId] },
        // midnight of 3 March in Singapore (the merchant's zone) is still 2 March in UTC
        { field: 'lastVisitAt', op: 'gte', value: '2025-03-02T16:00:00.000Z' },
      ],
    });
    await asCompanyOwner(backend);
    await openAs('merchant', `/segments/${seg.id}/show`);
    const conditions = await screen.findByRole('region', { name: 'Who is in it' }, T);
    await waitFor(
      () =>
        expect(
          within(conditions)
            .getAllByRole('listitem')
            .map((li) => li.textContent),
        ).toEqual([
          'Level is Gold',
          'Stamps in the window at least 5',
          'Holds an available voucher',
          'Brand is one of Acme Coffee',
          'Last visit on or after 3 Mar 2025',
        ]),
      T,
    );
    expect(conditions).toHaveTextContent('A member is in the segment when they meet every condition.');
    expect(screen.getByText('Our best customers')).toBeInTheDocument();
    expect(screen.queryByText(/"field"/)).toBeNull();
    // the reach of the saved segment: Arjun is Gold but has no stamps in the window
    await waitFor(() => expect(reach()).toHaveTextContent('Reaches 0 members'), T);
    expect(await backend.sent('GET', `/segments/${seg.id}/reach`)).not.toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/segments/${seg.id}`);

    const send = screen.getByRole('link', { name: 'Send a push to this segment' });
    expect(send).toHaveAttribute('href', `/push/create?segmentId=${seg.id}`);
    fireEvent.click(send);
    await waitForPath('/push/create');
    await screen.findByLabelText(/^Title/, {}, T);
    expect(screen.getByRole('radio', { name: 'A segment' })).toBeChecked();
    await waitFor(() => expect(screen.getByLabelText(/^Segment/)).toHaveValue('Gold regulars'), T);
  });

  it("a colleague limited to a brand sees a segment's page without 'Send a push to this segment'", async () => {
    const { merchant, gold } = await seedLevels(backend);
    const seg = await merchant<{ id: number }>('POST', '/segments', {
      name: 'Gold',
      filter: [{ field: 'levelId', op: 'eq', value: gold }],
    });
    await openAs('merchant', `/segments/${seg.id}/show`);
    await waitFor(() => expect(reach()).toHaveTextContent('Reaches 1 member'), T);
    const conditions = screen.getByRole('region', { name: 'Who is in it' });
    await waitFor(
      () => expect(within(conditions).getByRole('listitem')).toHaveTextContent('Level is Gold'),
      T,
    );
    expect(screen.queryByRole('link', { name: 'Send a push to this segment' })).toBeNull();
  });
});
