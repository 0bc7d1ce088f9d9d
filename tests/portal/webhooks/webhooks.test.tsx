// The /webhooks screen on the real server (issue 27): a merchant adds an endpoint and sees its secret
// once, finds it listed with its events, sends it a test event and reads it in the delivery log, turns
// it off; a refused URL (not https) shows the server's refusal in the form.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { T } from '../operations';
import { openAs } from '../renderApp';
import { portalServer } from '../server';

describe('webhooks', { timeout: 60_000 }, () => {
  portalServer();

  it('a merchant adds an endpoint, copies its secret once, sends a test event and turns it off', async () => {
    await openAs('merchant', '/webhooks');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }, T));
    let dialog = await screen.findByRole('dialog', { name: 'Add endpoint' }, T);

    // not https: the server's refusal, under the URL where it is mended
    const url = within(dialog).getByRole('textbox', { name: /^URL/ });
    await user.clear(url);
    await user.type(url, 'http://example.com/hook');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(url).toHaveAccessibleDescription('Not allowed: must be https'), T);
    expect(url).toHaveAttribute('aria-invalid', 'true');

    await user.clear(url);
    await user.type(url, 'https://93.184.216.34/hook');
    await user.click(within(dialog).getByRole('checkbox', { name: /Voucher redeemed/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    dialog = await screen.findByRole('dialog', { name: 'The endpoint’s signing secret' }, T);
    expect(within(dialog).getByRole('textbox', { name: 'Signing secret' }).textContent).toMatch(/^whsec_/);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), T);

    expect(await screen.findByRole('heading', { name: 'https://93.184.216.34/hook' }, T)).toBeInTheDocument();
    const events = screen.getByLabelText('Events');
    expect(within(events).getByText('stamp.given')).toBeInTheDocument();
    expect(within(events).getByText('voucher.redeemed')).toBeInTheDocument();
    // the secret is never shown again
    expect(document.body.textContent).not.toMatch(/whsec_/);

    await user.click(screen.getByRole('button', { name: 'Delivery log' }));
    expect(await screen.findByText('Nothing delivered yet.', {}, T)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send test event' }));
    expect(
      await screen.findByText('Test event sent: its delivery shows in the log below.', {}, T),
    ).toBeInTheDocument();
    const log = await screen.findByRole('list', { name: 'Delivery log' }, T);
    expect(within(log).getByText('webhook.test')).toBeInTheDocument();
    expect(within(log).getByText('Pending')).toBeInTheDocument();
    expect(within(log).getByRole('button', { name: 'Send again' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('button', { name: 'Turn on' }, T)).toBeInTheDocument();
    expect(
      await screen.findByText('Endpoint turned off: it hears nothing until turned on.', {}, T),
    ).toBeInTheDocument();
    expect(screen.getByText('Off')).toBeInTheDocument();
  });
});
