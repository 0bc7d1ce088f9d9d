// The Import screen on the real server (issue 27 item 3): from the members list's Import button, a
// merchant chooses a CSV file of members, checks it (every line that would fail, with its line and
// why), imports it, and sees the job's progress end DONE with the line that failed.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runImport } from '../../../server/domains/integrations/imports';
import { imports, memberStanding } from '../../../server/platform/db/schema';
import { openAs } from '../renderApp';
import { portalServer } from '../server';
import { WORLD } from '../world';

const T = { timeout: 30_000 };

describe('import screen', { timeout: 90_000 }, () => {
  const backend = portalServer();

  it('checks a file line by line, imports it and shows the progress and the failed line', async () => {
    const user = userEvent.setup();
    await openAs('merchant', '/aotg/list');
    await user.click(await screen.findByRole('link', { name: 'Import' }, T));
    expect(
      await screen.findByRole('heading', { name: 'Import from a file', level: 1 }, T),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('radio', { name: 'Members: mobile, name, birthday (YYYY-MM-DD, optional)' }),
    ).toBeChecked();

    const csv = 'mobile,name\n+6597000001,Ann\nnope,Bob\n+6597000002,"=SUM(A1)"\n';
    await user.upload(
      screen.getByLabelText('Choose a CSV file'),
      new File([csv], 'members.csv', { type: 'text/csv' }),
    );
    expect(await screen.findByText('members.csv', {}, T)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    expect(
      await screen.findByText('2 of 3 lines would go through; 1 would fail.', {}, T),
    ).toBeInTheDocument();
    const checked = screen.getByRole('table', { name: 'The lines that would fail (first 1):' });
    expect(
      within(checked)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['LineResultWhat happens', '3Fails"nope" is not a mobile number (international, or of SG)']);
    // every line, in file order, once the switch is off
    await user.click(screen.getByRole('switch', { name: 'Only the lines that would fail (1)' }));
    const every = screen.getByRole('table', { name: 'The first 3 lines:' });
    expect(
      within(every)
        .getAllByRole('row')
        .map((r) => r.textContent?.slice(0, 5)),
    ).toEqual(['LineR', '2OKwo', '3Fail', '4OKwo']);
    // nothing written by the check
    expect(await backend.t.db.select().from(imports)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Import' }));
    let id = 0;
    await waitFor(async () => {
      const [row] = await backend.t.db.select({ id: imports.id }).from(imports).orderBy(desc(imports.id));
      expect(row).toBeDefined();
      id = row?.id ?? 0;
    }, T);
    await runImport(backend.t.db, id);
    expect(await screen.findByText('Done: 2 lines went through, 1 failed.', {}, T)).toBeInTheDocument();
    const failed = screen.getByRole('table', { name: 'Lines that failed or were already imported:' });
    expect(
      within(failed).getByText('"nope" is not a mobile number (international, or of SG)'),
    ).toBeInTheDocument();
    const standing = await backend.t.db
      .select({ mobile: memberStanding.memberMobile })
      .from(memberStanding)
      .where(eq(memberStanding.companyId, WORLD.acme.companyId));
    expect(standing.map((s) => s.mobile)).toEqual(expect.arrayContaining(['+6597000001', '+6597000002']));
  });
});
