// The Wallet passes tab of System Config (/config/systemConfig?tab=wallet) on the real server: an
// operator sees both providers unset, pastes Apple's identifiers, certificates and key, saves, and then
// sees "Configured ✓" with the signer certificate's subject and expiry (never the PEM again); a key of
// another certificate is refused on its own field; Clear empties a provider after a confirmation.
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makePassCertificates } from '../../api/wallet-certs';
import { openAs } from '../renderApp';
import { portalServer } from '../server';

const T = { timeout: 30_000 };
const PASS_TYPE = 'pass.test.portal.cards';
const TEAM = 'PORTAL1234';

/** PEM text as a text area keeps it: node-forge writes CRLF, a text area's value has LF. */
const pem = (text: string) => text.replace(/\r\n/g, '\n').trim();

const type = (region: HTMLElement, label: RegExp, value: string) =>
  fireEvent.change(within(region).getByLabelText(label), { target: { value } });

describe('Wallet passes settings', { timeout: 60_000 }, () => {
  const backend = portalServer();
  const certs = makePassCertificates(PASS_TYPE, TEAM);
  const other = makePassCertificates('pass.test.other', TEAM);

  it('sets Apple Wallet from pasted PEM text, shows what is set, and clears it', async () => {
    await openAs('operator', '/config/systemConfig?tab=wallet');
    expect(await screen.findByRole('tab', { name: 'Wallet passes', selected: true }, T)).toBeInTheDocument();
    const apple = await screen.findByRole('region', { name: 'Apple Wallet' }, T);
    const google = screen.getByRole('region', { name: 'Google Wallet' });
    expect(within(apple).getByText('Not configured')).toBeInTheDocument();
    expect(within(google).getByText('Not configured')).toBeInTheDocument();

    type(apple, /^Pass type identifier/, PASS_TYPE);
    type(apple, /^Team identifier/, TEAM);
    type(apple, /^Signer certificate \(PEM\)/, certs.signer.certPem);
    // a key that belongs to another certificate: refused on its own field
    type(apple, /^Signer key \(PEM\)/, other.signer.keyPem);
    type(apple, /^Apple WWDR certificate/, certs.wwdr.certPem);
    fireEvent.click(within(apple).getByRole('button', { name: 'Save' }));
    expect(
      await within(apple).findByText('the signer key does not belong to the signer certificate', {}, T),
    ).toBeInTheDocument();

    type(apple, /^Signer key \(PEM\)/, certs.encryptedSignerKeyPem);
    type(apple, /^Signer key's passphrase/, certs.passphrase);
    fireEvent.click(within(apple).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Apple Wallet settings saved', {}, T)).toBeInTheDocument();
    const saved = await screen.findByRole('region', { name: 'Apple Wallet' }, T);
    expect(await within(saved).findByText('Configured ✓', {}, T)).toBeInTheDocument();
    expect(within(saved).getByText(new RegExp(`CN=Pass Type ID: ${PASS_TYPE}`))).toBeInTheDocument();
    expect(within(saved).getAllByText(/^\(expires /)).toHaveLength(2);
    expect(within(saved).getByText(/set ✓ · with a passphrase/)).toBeInTheDocument();
    // the PEM fields are empty again: what is stored is never shown
    expect(within(saved).getByLabelText(/^Signer key \(PEM\)/)).toHaveValue('');
    const puts = await backend.sent('PUT', '/wallet-pass-settings');
    expect(puts.at(-1)?.body).toEqual({
      applePassTypeIdentifier: PASS_TYPE,
      appleTeamIdentifier: TEAM,
      appleSignerCertPem: pem(certs.signer.certPem),
      appleSignerKeyPem: pem(certs.encryptedSignerKeyPem),
      appleSignerKeyPassphrase: certs.passphrase,
      appleWwdrCertPem: pem(certs.wwdr.certPem),
    });

    fireEvent.click(within(saved).getByRole('button', { name: 'Clear Apple Wallet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear the Apple Wallet settings?' }, T);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText('Apple Wallet settings cleared', {}, T)).toBeInTheDocument();
    const cleared = await screen.findByRole('region', { name: 'Apple Wallet' }, T);
    expect(await within(cleared).findByText('Not configured', {}, T)).toBeInTheDocument();
    expect((await backend.sent('PUT', '/wallet-pass-settings')).at(-1)?.body).toMatchObject({
      appleSignerKeyPem: null,
      appleWwdrCertPem: null,
    });
  });
});
