// A new stamp card programme: the generated create form opens with the country's defaults from the
// main config (GET /config/main/stamp-card/default-price and /default-images, the first image).
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../api';
import { openAs } from '../renderApp';
import { portalServer } from '../server';
import { T } from './demo';

describe('stamp card create form', { timeout: 60_000 }, () => {
  const backend = portalServer();

  it('opens with the default price and the first default image of the main config', async () => {
    // an operator sets Singapore's defaults
    const operator = await apiAs(backend, 'operator');
    await operator(
      'PUT',
      '/config/main/country',
      {
        stampCardDefaultPrice: 3.5,
        stampCardDefaultImages: ['https://example.com/card-a.png', 'https://example.com/card-b.png'],
      },
      { 'X-Country': 'sg' },
    );
    await openAs('merchant', '/stampCard/create');

    const price = await screen.findByLabelText(/^Price/, {}, T);
    await waitFor(() => expect(price).toHaveValue(3.5), T);
    expect(screen.getByLabelText(/^Image/)).toHaveValue('https://example.com/card-a.png');
    // the declaration's own defaults still stand for the rest
    expect(screen.getByLabelText(/^Stamps required/)).toHaveValue(10);
    expect(await backend.sent('GET', '/config/main/stamp-card/default-price')).toHaveLength(1);
    expect(await backend.sent('GET', '/config/main/stamp-card/default-images')).toHaveLength(1);
  });
});
