// Operating is not configuring, as the screens show it (issue 40 item 1): the demo's "Front counter"
// rights offer Issue card and Stamp but no Edit or Disable of the programme, and no Void of a
// stamping older than the counter's 30 minutes; someone who configures programmes gets the reverse.
import { cleanup, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Permission } from '../../../contract/access';
import { COMPANIES } from '../../../scripts/seed-demo/data';
import { openAs } from '../renderApp';
import { portalServer } from '../server';
import { restrictColleague } from '../world';
import { seedStamping, T } from './demo';

const FRONT_COUNTER: Permission[] =
  COMPANIES.flatMap((c) => (c.colleague ? [c.colleague.group.permissions] : []))[0] ?? [];

const CONFIGURER: Permission[] = [
  { resource: 'stampCard', action: 'UPDATE' },
  { resource: 'stampsTransaction', action: 'UPDATE' },
];

/** A button or a link named `name`, or null. */
const shownAs = (name: string) =>
  screen.queryByRole('button', { name }) ?? screen.queryByRole('link', { name });

const stampsShown = () => screen.getByRole('group', { name: 'Stamps', hidden: true });

describe("the counter's buttons", { timeout: 60_000 }, () => {
  const backend = portalServer();

  it('the counter issues and stamps, and may not edit or disable the programme, nor void a day-old stamping', async () => {
    const { programme, tan } = await seedStamping(backend);
    await restrictColleague(backend.t.db, FRONT_COUNTER);
    await openAs('restricted', `/stampCard/${programme.id}/show`);
    expect(await screen.findByRole('button', { name: 'Issue card' }, T)).toBeInTheDocument();
    for (const name of ['Edit', 'Disable']) expect(shownAs(name)).toBeNull();

    cleanup();
    await openAs('restricted', `/memberCards/${tan.id}/show`);
    await waitFor(() => expect(stampsShown()).toHaveTextContent('9 / 10'), T);
    expect(await screen.findByRole('button', { name: 'Stamp' }, T)).toBeInTheDocument();
    await screen.findByText('R-10300', {}, T);
    // the last stamping is a day old: voided by who corrects stampings, not at the counter
    expect(screen.queryByRole('button', { name: 'Void' })).toBeNull();
  });

  it('who configures programmes edits them, voids stampings, and neither issues nor stamps', async () => {
    const { programme, tan } = await seedStamping(backend);
    await restrictColleague(backend.t.db, CONFIGURER);
    await openAs('restricted', `/stampCard/${programme.id}/show`);
    // the same buttons the counter is not offered
    for (const name of ['Edit', 'Disable']) await waitFor(() => expect(shownAs(name)).not.toBeNull(), T);
    expect(screen.queryByRole('button', { name: 'Issue card' })).toBeNull();

    cleanup();
    await openAs('restricted', `/memberCards/${tan.id}/show`);
    await waitFor(() => expect(stampsShown()).toHaveTextContent('9 / 10'), T);
    expect(await screen.findByRole('button', { name: 'Void' }, T)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stamp' })).toBeNull();
  });
});
