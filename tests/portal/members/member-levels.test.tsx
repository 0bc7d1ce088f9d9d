// Member levels in the portal on the real server (issue 25): /aotg shows a merchant's members per level
// as bars with their counts and the moves of the last 30 days, and asks an operator to pick a company
// first; /aotg/config saves the company's rule with exactly its measure and window and says what it
// means in plain words; /aotg/user-level-config lists the levels in rank order, creates one, and shows
// the server's code-2 message on a threshold that does not rise with rank.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  memberLevelHistory,
  memberLevelRules,
  memberLevels,
  memberStanding,
  members,
} from '../../../server/platform/db/schema';
import { apiAs } from '../api';
import { openAs } from '../renderApp';
import { portalServer } from '../server';
import { WORLD } from '../world';

const T = { timeout: 30_000 };
const DAY = 86_400_000;

describe('member levels', { timeout: 90_000 }, () => {
  const backend = portalServer();

  /** From the levels list: Create, a level "Platinum" of rank 4 at `threshold`, and Save. */
  const createPlatinum = async (threshold: string) => {
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('link', { name: /Create/ }));
    await user.type(await screen.findByLabelText(/^Name/, {}, T), 'Platinum');
    await user.type(screen.getByLabelText(/^Rank/), '4');
    await user.type(screen.getByLabelText(/^Threshold/), threshold);
    await user.click(screen.getByRole('button', { name: 'Save' }));
  };

  /** Acme's levels Bronze, Silver and Gold (from 1, 5 and 12 stamps), made as the merchant makes them. */
  const addLevels = async () => {
    const merchant = await apiAs(backend, 'merchant');
    const ids: Record<string, number> = {};
    // not in rank order: the list sorts them
    for (const [name, rank, threshold] of [
      ['Gold', 3, 12],
      ['Bronze', 1, 1],
      ['Silver', 2, 5],
    ] as const)
      ids[name] = (await merchant<{ id: number }>('POST', '/member-levels', { name, rank, threshold })).id;
    return ids as { Bronze: number; Silver: number; Gold: number };
  };

  /**
   * Acme's members as the levels' job leaves them: 3 at Bronze, 2 at Silver, 1 at Gold, 1 below Bronze;
   * in the last 30 days 3 moves up and 1 down, and one older move up that no longer counts.
   */
  const seedStanding = async () => {
    const ids = await addLevels();
    const { db } = backend.t;
    const now = Date.now();
    // the members themselves first: a standing row names its member's row
    const people = await db
      .insert(members)
      .values([1, 2, 3, 4, 5, 6, 7].map((i) => ({ mobile: `+659200000${i}` })))
      .returning({ id: members.id, mobile: members.mobile });
    const idOf = (i: number) => people.find((p) => p.mobile === `+659200000${i}`)?.id ?? 0;
    const at = (levelId: number | null, stamps: number, i: number) => ({
      companyId: WORLD.acme.companyId,
      memberMobile: `+659200000${i}`,
      memberId: idOf(i),
      levelId,
      levelSince: levelId === null ? null : new Date(now - DAY),
      measureValue: stamps,
      stampsInWindow: stamps,
    });
    await db
      .insert(memberStanding)
      .values([
        at(ids.Bronze, 1, 1),
        at(ids.Bronze, 2, 2),
        at(ids.Bronze, 4, 3),
        at(ids.Silver, 5, 4),
        at(ids.Silver, 9, 5),
        at(ids.Gold, 14, 6),
        at(null, 0, 7),
      ]);
    const move = (from: number | null, to: number | null, daysAgo: number, i: number) => ({
      companyId: WORLD.acme.companyId,
      memberMobile: `+659200000${i}`,
      fromLevelId: from,
      toLevelId: to,
      reason: 'STAMPING' as const,
      measureValue: 0,
      at: new Date(now - daysAgo * DAY),
    });
    await db
      .insert(memberLevelHistory)
      .values([
        move(null, ids.Bronze, 2, 1),
        move(ids.Bronze, ids.Silver, 3, 4),
        move(ids.Silver, ids.Gold, 5, 6),
        move(ids.Gold, ids.Silver, 1, 5),
        move(null, ids.Bronze, 40, 2),
      ] as never);
  };

  /** The menu keeps the Members group open with Member Levels selected (the rule and the setup are its pages). */
  const expectMenuAtMemberLevels = async () => {
    const nav = await screen.findByRole('navigation', { name: 'Main menu' }, T);
    const link = await within(nav).findByRole('link', { name: 'Member Levels' }, T);
    expect(link).toHaveClass('Mui-selected');
  };

  /** The bars' rows as the user reads them: name, threshold and member count. */
  const barRows = async () => {
    const bars = await screen.findByRole('region', { name: 'Members per level' }, T);
    return within(bars)
      .getAllByRole('progressbar')
      .map((bar) => (bar.parentElement?.textContent ?? '').replace(/\s+/g, ' ').trim());
  };

  it('shows a merchant the members per level, highest first, and the moves of 30 days', async () => {
    await seedStanding();
    await openAs('merchant', '/aotg');
    expect(await screen.findByRole('heading', { name: 'Member Levels', level: 1 }, T)).toBeInTheDocument();
    await waitFor(async () => expect(await barRows()).toHaveLength(4), T);
    expect(await barRows()).toEqual([
      'Gold from 12 stamps1 member',
      'Silver from 5 stamps2 members',
      'Bronze from 1 stamp3 members',
      'No level yet below the first threshold1 member',
    ]);
    // the longest bar is the level with most members
    const bars = within(screen.getByRole('region', { name: 'Members per level' }));
    expect(bars.getByRole('progressbar', { name: 'Bronze' })).toHaveAttribute('aria-valuenow', '100');
    expect(bars.getByRole('progressbar', { name: 'Gold' })).toHaveAttribute('aria-valuenow', '33');
    expect(bars.getByRole('progressbar', { name: 'Gold' })).toHaveAttribute('aria-valuetext', '1 member');
    expect(
      screen.getByText(
        'Members are ranked by stamps collected in the last 90 days (the default rule: none saved yet).',
      ),
    ).toBeInTheDocument();
    const moves = screen.getByRole('region', { name: 'Moves in the last 30 days' });
    expect(moves).toHaveTextContent('3moved up a level');
    expect(moves).toHaveTextContent('1moved down a level');
    expect(screen.getByRole('link', { name: 'Level setup' })).toHaveAttribute(
      'href',
      '/aotg/user-level-config',
    );
    expect(screen.getByRole('link', { name: 'Level rule' })).toHaveAttribute('href', '/aotg/config');
    // the merchant's own company: no company named
    expect((await backend.sent('GET', '/member-levels/summary')).map((r) => r.search)).toEqual(['']);
  });

  it('tells a merchant without levels where to add them', async () => {
    await openAs('merchant', '/aotg');
    expect(
      await screen.findByText('This company has no levels yet: add them under Level setup.', {}, T),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Members per level' })).toBeNull();
  });

  it('asks an operator to pick a company, then shows that company', async () => {
    await seedStanding();
    await openAs('operator', '/aotg');
    expect(await screen.findByText('Pick the company whose member levels to see', {}, T)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Members per level' })).toBeNull();
    expect(await backend.sent('GET', '/member-levels/summary')).toHaveLength(0);

    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('combobox', { name: 'Company' }), 'Acme');
    await user.click(await screen.findByRole('option', { name: /Acme Coffee Pte Ltd/ }, T));
    await waitFor(async () => expect(await barRows()).toHaveLength(4), T);
    expect((await barRows())[0]).toBe('Gold from 12 stamps1 member');
    expect((await backend.sent('GET', '/member-levels/summary')).map((r) => r.search)).toEqual([
      `?companyId=${WORLD.acme.companyId}`,
    ]);
  });

  it("saves the company's rule and says what it means", async () => {
    await openAs('merchant', '/aotg/config');
    expect(
      await screen.findByText(
        'No rule saved yet: the company follows the default. Saving it recomputes every member’s level.',
        {},
        T,
      ),
    ).toBeInTheDocument();
    await expectMenuAtMemberLevels();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('combobox', { name: 'Measure' }));
    await user.click(
      await screen.findByRole(
        'option',
        { name: 'Visits (a store on a day with a stamping or a redemption)' },
        T,
      ),
    );
    const days = screen.getByRole('spinbutton', { name: 'Window (days)' });
    await user.clear(days);
    await user.type(days, '60');
    expect(screen.getByText('Members are ranked by visits in the last 60 days')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save rule' }));
    expect(
      await screen.findByText(
        'Saved. Members are ranked by visits in the last 60 days. Levels are being recomputed.',
        {},
        T,
      ),
    ).toBeInTheDocument();
    expect((await backend.sent('POST', '/member-level-rules')).map((r) => r.body)).toEqual([
      { measure: 'VISITS', windowDays: 60 },
    ]);
    const rows = await backend.t.db
      .select()
      .from(memberLevelRules)
      .where(eq(memberLevelRules.companyId, WORLD.acme.companyId));
    expect(rows).toMatchObject([{ measure: 'VISITS', windowDays: 60 }]);

    // saved once, the form edits that rule
    expect(
      await screen.findByText("The company's rule. Saving it recomputes every member's level.", {}, T),
    ).toBeInTheDocument();
    await user.clear(days);
    await user.type(days, '30');
    await user.click(screen.getByRole('button', { name: 'Save rule' }));
    expect(
      await screen.findByText(
        'Saved. Members are ranked by visits in the last 30 days. Levels are being recomputed.',
        {},
        T,
      ),
    ).toBeInTheDocument();
    const id = rows[0]?.id;
    expect((await backend.sent('PUT', `/member-level-rules/${id}`)).map((r) => r.body)).toMatchObject([
      { measure: 'VISITS', windowDays: 30 },
    ]);
    expect(await backend.sent('POST', '/member-level-rules')).toHaveLength(1);
  });

  it("asks an operator which company's rule to set", async () => {
    await openAs('operator', '/aotg/config');
    expect(await screen.findByText('Pick the company whose level rule to set', {}, T)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save rule' })).toBeNull();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('combobox', { name: 'Company' }), 'Acme');
    await user.click(await screen.findByRole('option', { name: /Acme Coffee Pte Ltd/ }, T));
    await user.click(await screen.findByRole('button', { name: 'Save rule' }, T));
    expect(
      await screen.findByText(
        'Saved. Members are ranked by stamps collected in the last 90 days. Levels are being recomputed.',
        {},
        T,
      ),
    ).toBeInTheDocument();
    expect((await backend.sent('POST', '/member-level-rules')).map((r) => r.body)).toEqual([
      { measure: 'STAMPS', windowDays: 90, companyId: WORLD.acme.companyId },
    ]);
  });

  it('refuses a window the rule cannot have before sending it', async () => {
    await openAs('merchant', '/aotg/config');
    const days = await screen.findByRole('spinbutton', { name: 'Window (days)' }, T);
    const user = userEvent.setup({ delay: null });
    await user.clear(days);
    await user.type(days, '0');
    expect(days).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Save rule' })).toBeDisabled();
  });

  it('lists the levels in rank order and creates one', async () => {
    await addLevels();
    await openAs('merchant', '/aotg/user-level-config');
    expect(await screen.findByRole('heading', { name: 'Level Setup', level: 1 }, T)).toBeInTheDocument();
    await screen.findByText('Gold', {}, T);
    const names = () =>
      ['Bronze', 'Silver', 'Gold', 'Platinum']
        .map((n) => ({ n, el: screen.queryByText(n) }))
        .filter((x) => x.el !== null)
        .sort((a, b) =>
          a.el?.compareDocumentPosition(b.el as Node) === Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
        )
        .map((x) => x.n);
    expect(names()).toEqual(['Bronze', 'Silver', 'Gold']);
    await expectMenuAtMemberLevels();
    // the way back to the overview and the rule, as they lead here
    expect(screen.getByRole('link', { name: 'Member levels overview' })).toHaveAttribute('href', '/aotg');
    expect(screen.getByRole('link', { name: 'Level rule' })).toHaveAttribute('href', '/aotg/config');

    await createPlatinum('30');
    await waitFor(
      async () =>
        expect((await backend.sent('POST', '/member-levels')).map((r) => r.body)).toEqual([
          { name: 'Platinum', rank: 4, threshold: 30 },
        ]),
      T,
    );
    const [row] = await backend.t.db.select().from(memberLevels).where(eq(memberLevels.name, 'Platinum'));
    expect(row).toMatchObject({ companyId: WORLD.acme.companyId, rank: 4, threshold: 30 });
  });

  it("shows the server's message on a threshold that does not rise with rank", async () => {
    await addLevels();
    await openAs('merchant', '/aotg/user-level-config');
    await screen.findByText('Gold', {}, T);
    await createPlatinum('10');
    const message = 'must be more than 12, the threshold of Gold (rank 3): thresholds rise with rank';
    expect(await screen.findByText(`Threshold: ${message}`, {}, T)).toBeInTheDocument();
    const threshold = screen.getByLabelText(/^Threshold/);
    expect(threshold).toHaveAttribute('aria-invalid', 'true');
    expect(
      within(threshold.closest('.MuiFormControl-root') as HTMLElement).getByText(message),
    ).toBeInTheDocument();
    expect(await backend.t.db.select().from(memberLevels).where(eq(memberLevels.name, 'Platinum'))).toEqual(
      [],
    );
  });
});
