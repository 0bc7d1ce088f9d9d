import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiJsonPage } from '../../../src/pages/test/ApiJsonPage';
import { portalServer } from '../server';
import { renderPage } from './harness';

describe('ApiJsonPage', { timeout: 45_000 }, () => {
  const backend = portalServer();

  it('sends the call through the http client and shows status, request id and the envelope', async () => {
    await renderPage(<ApiJsonPage />, { url: '/test/api-json' });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const result = await screen.findByTestId('api-json-result');
    expect(JSON.parse(result.textContent ?? '')).toEqual({
      type: 'CR',
      code: 0,
      data: {
        // the server's order: the default country, then the others by code
        supportedCountries: [
          { countryCode: 'sg', currency: 'SGD', timeZone: 'Asia/Singapore' },
          { countryCode: 'hk', currency: 'HKD', timeZone: 'Asia/Hong_Kong' },
          { countryCode: 'my', currency: 'MYR', timeZone: 'Asia/Kuala_Lumpur' },
        ],
      },
    });
    expect(screen.getByTestId('api-json-status')).toHaveTextContent('200');
    const [call] = await backend.sent('GET', '/config/main/supported-countries');
    expect(call?.headers.get('X-Country')).toBe('sg');
  });

  it('shows the failure envelope of an error', async () => {
    await renderPage(<ApiJsonPage />, { url: '/test/api-json', signedInAs: 'merchant' });
    const user = userEvent.setup({ delay: null });
    const path = screen.getByLabelText(/^Path/);
    await user.clear(path);
    await user.type(path, '/user/1');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const result = await screen.findByTestId('api-json-result');
    const envelope = JSON.parse(result.textContent ?? '') as { code: number; name: string };
    expect(envelope.code).not.toBe(0);
    expect(envelope.name).toMatch(/^[A-Z_]+$/);
    expect(within(result.parentElement as HTMLElement).getByRole('alert')).toHaveTextContent('Error');
    const [call] = await backend.sent('GET', '/user/1');
    expect(call?.headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it('refuses a body that is not JSON', async () => {
    await renderPage(<ApiJsonPage />, { url: '/test/api-json' });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/^JSON body/), 'not json');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('The body is not valid JSON')).toBeInTheDocument();
    expect(await backend.sent()).toHaveLength(0);
  });
});
