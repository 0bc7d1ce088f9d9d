// A card keeps what it promised, as the screens show it (issue 40 item 2): a programme's edit screen
// says how many live cards keep the terms they were issued under, and a card's page counts its stamps
// against its own stamps required after the programme asks fewer.
import { screen, waitFor } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { stampCard } from '../../../server/platform/db/schema';
import { openAs } from '../renderApp';
import { portalServer } from '../server';
import { seedStamping, T } from './demo';

describe('the terms a card keeps', { timeout: 60_000 }, () => {
  const backend = portalServer();

  it("the programme's edit screen says how many live cards keep their terms", async () => {
    const { programme } = await seedStamping(backend);
    await openAs('merchant', `/stampCard/${programme.id}`);
    await screen.findByRole('heading', { level: 1 }, T);
    await waitFor(
      () =>
        expect(screen.getByRole('status')).toHaveTextContent(
          '3 live cards keep the terms they were issued under (stamps required, stamps per stamping, limits, reward): your changes apply to cards issued from now on.',
        ),
      T,
    );
    const [summary] = await backend.sent('GET', `/stamp-cards/${programme.id}/summary`);
    expect(summary).toBeDefined();
  });

  it("a card's page counts against the stamps it was issued with, whatever the programme asks now", async () => {
    const { programme, tan } = await seedStamping(backend);
    await backend.t.db.update(stampCard).set({ stampsRequired: 4 }).where(eq(stampCard.id, programme.id));
    await openAs('merchant', `/memberCards/${tan.id}/show`);
    await waitFor(
      () => expect(screen.getByRole('group', { name: 'Stamps', hidden: true })).toHaveTextContent('9 / 10'),
      T,
    );
  });
});
