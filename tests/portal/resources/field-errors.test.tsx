// A generated form refused with code 2 (spec section 5): the notice lists each field by its label
// with the server's violation text, and the form marks those fields; nothing is left saying only
// "Parameter validation failed".
// The page runs on the real server (tests/portal/server.ts); only the refusal is a handler in front:
// the form checks the declaration's rules before sending, so the server is never sent a body it
// would refuse with code 2 on these fields.
import { fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { BASE_PATHS } from '../../../contract';
import { server } from '../../../mocks/node';
import { forceUpdateConfig } from '../../../server/platform/db/schema';
import { openAs } from '../renderApp';
import { portalServer } from '../server';

const T = { timeout: 30_000 };

describe('field errors of a refused save', { timeout: 60_000 }, () => {
  const backend = portalServer();

  it('lists and marks each field the server names', async () => {
    server.use(
      http.post(`*${BASE_PATHS.main}/force-update-config`, () =>
        HttpResponse.json(
          {
            type: 'CR',
            code: 2,
            message: 'Parameter validation failed',
            data: [
              { field: 'minVersion', message: 'must look like 3.2.0' },
              { field: 'latestVersion', message: 'must not be older than the minimum' },
            ],
          },
          { status: 400, headers: { 'x-request-id': 'abcd1234' } },
        ),
      ),
    );
    await openAs('operator', '/forceUpdateConfig/create');
    const min = await screen.findByRole('textbox', { name: /^Minimum version/ }, T);
    fireEvent.change(min, { target: { value: 'three' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Latest version/ }), { target: { value: '1.0' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Platform/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'iOS' }, T));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    const notice = await screen.findByText('Minimum version: must look like 3.2.0', {}, T);
    const alert = notice.closest('.notistack-MuiContent') ?? notice.parentElement;
    expect(alert).toHaveTextContent('Latest version: must not be older than the minimum');
    expect(alert).toHaveTextContent('2 · abcd');
    // the fields themselves say it too
    const minField = screen.getByRole('textbox', { name: /^Minimum version/ });
    expect(minField).toHaveAttribute('aria-invalid', 'true');
    const helper = within(minField.closest('.MuiFormControl-root') as HTMLElement);
    expect(helper.getByText('must look like 3.2.0')).toBeInTheDocument();
    // one save was sent, and refused before the server: no row was stored
    expect(await backend.sent('POST', '/force-update-config')).toHaveLength(1);
    expect(await backend.t.db.select().from(forceUpdateConfig)).toEqual([]);
  });
});
