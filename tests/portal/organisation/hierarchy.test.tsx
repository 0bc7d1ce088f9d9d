import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { desc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { company, merchantSignup, users } from '../../../server/platform/db/schema';
import { OrgHierarchyPage } from '../../../src/pages/organisation/OrgHierarchyPage';
import { portalServer } from '../server';
import { WORLD } from '../world';
import { renderOrgPage as renderPage } from './render';

const URL = '/organization/org-hierarchy';

/** The node row of one company, brand or store (its name links to the show screen). */
const node = async (name: string) => {
  const link = await screen.findByRole('link', { name }, { timeout: 30_000 });
  const row = link.closest('[data-testid^="node-"]');
  if (!(row instanceof HTMLElement)) throw new Error(`no node row for ${name}`);
  return row;
};

const stateOf = (row: HTMLElement) => within(row).getByTestId('org-state').textContent;

describe('organisation hierarchy page', { timeout: 60_000 }, () => {
  const backend = portalServer();

  beforeEach(async () => {
    // An approved company owner: a company, no brand of their own (they see every brand).
    await backend.t.db.update(users).set({ brandId: null }).where(eq(users.id, WORLD.users.merchant));
  });

  /** The page as the merchant, with its "Request a new brand" dialog open. */
  const openBrandRequest = async () => {
    const user = userEvent.setup({ delay: null });
    await renderPage(<OrgHierarchyPage />, { url: URL, signedInAs: 'merchant' });
    await user.click(await screen.findByRole('button', { name: 'Request a new brand' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a new brand' });
    return { user, dialog };
  };

  /** Sends the request for a new brand named `name`, and nothing else; answers the dialog. */
  const requestBrandNamed = async (name: string) => {
    const { user, dialog } = await openBrandRequest();
    await user.type(within(dialog).getByLabelText(/^Name/), name);
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    return dialog;
  };

  it('shows the merchant company > brands > stores with states, addresses and links', async () => {
    await renderPage(<OrgHierarchyPage />, { url: URL, signedInAs: 'merchant' });
    const company = await node('Acme Coffee Pte Ltd');
    expect(stateOf(company)).toBe('Active');
    expect(within(company).getByRole('link', { name: 'Acme Coffee Pte Ltd' })).toHaveAttribute(
      'href',
      '/company/1/show',
    );
    expect(stateOf(await node('Acme Coffee'))).toBe('Active');
    expect(stateOf(await node('Acme Tea House'))).toBe('Waiting for approval');
    const orchard = await node('Acme Coffee Orchard');
    expect(stateOf(orchard)).toBe('Disabled');
    expect(orchard).toHaveTextContent('313 Orchard Road #B1-10');
    expect(within(orchard).getByRole('link', { name: 'Acme Coffee Orchard' })).toHaveAttribute(
      'href',
      '/store/2/show',
    );
    // another company's rows never show
    expect(screen.queryByText('Borealis')).not.toBeInTheDocument();
    // a store can be asked for under an ACTIVE brand only
    expect(screen.getByRole('button', { name: 'Request a new store for Acme Coffee' })).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Request a new store for Acme Tea House' }),
    ).not.toBeInTheDocument();
    expect((await backend.sent('GET', '/organization/hierarchy'))[0]?.search).toBe('');
  });

  it('collapses and expands a brand', async () => {
    const user = userEvent.setup({ delay: null });
    await renderPage(<OrgHierarchyPage />, { url: URL, signedInAs: 'merchant' });
    await node('Acme Coffee Raffles');
    await user.click(screen.getByRole('button', { name: 'Collapse Acme Coffee' }));
    await waitFor(() => expect(screen.queryByText('Acme Coffee Raffles')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Expand Acme Coffee' }));
    expect(await screen.findByText('Acme Coffee Raffles')).toBeInTheDocument();
  });

  it('requests a new brand: the exact body, a Hint, and the node waiting for approval', async () => {
    const { user, dialog } = await openBrandRequest();
    await user.type(within(dialog).getByLabelText(/^Name/), '  Acme Juice Bar ');
    await user.type(within(dialog).getByLabelText('Website'), 'https://juice.example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = await backend.sent('POST', '/organization/brand-requests');
    expect(sent.map((r) => r.body)).toEqual([
      { name: 'Acme Juice Bar', website: 'https://juice.example.com' },
    ]);
    expect(await screen.findByText('Hint')).toBeInTheDocument();
    expect(
      screen.getByText('Brand "Acme Juice Bar" requested: it is waiting for approval.'),
    ).toBeInTheDocument();
    expect(stateOf(await node('Acme Juice Bar'))).toBe('Waiting for approval');
    // the server filed the request an operator decides
    const [request] = await backend.t.db
      .select()
      .from(merchantSignup)
      .orderBy(desc(merchantSignup.id))
      .limit(1);
    expect(request).toMatchObject({
      requestKind: 'ADD_BRAND',
      approval: 'PENDING',
      brandName: 'Acme Juice Bar',
    });
  });

  it('shows 26424 (duplicate brand name) as a notice and on the name field', async () => {
    const dialog = await requestBrandNamed('acme COFFEE');

    const notice = await screen.findByTestId('notice');
    expect(notice).toHaveTextContent('Brand name already exists');
    expect(notice).toHaveTextContent('26424');
    expect(notice).toHaveTextContent('BRAND_NAME_DUPLICATE');
    expect(
      await within(dialog).findByText('Your company already has a brand with this name'),
    ).toBeInTheDocument();
    // the dialog stays open for a correction
    expect(screen.getByRole('dialog', { name: 'Request a new brand' })).toBeInTheDocument();
  });

  it('shows 26433 when the company is not active yet', async () => {
    // not approved yet (a DISABLED company's merchants cannot sign in at all: closed-company.test.ts)
    await backend.t.db
      .update(company)
      .set({ state: 'SUBMITTED' })
      .where(eq(company.id, WORLD.acme.companyId));
    await requestBrandNamed('Acme Juice Bar');
    const notice = await screen.findByTestId('notice');
    expect(notice).toHaveTextContent('Company is not active');
    expect(notice).toHaveTextContent('26433');
  });

  it('requests a new store under an active brand with the exact body', async () => {
    const user = userEvent.setup({ delay: null });
    await renderPage(<OrgHierarchyPage />, { url: URL, signedInAs: 'merchant' });
    await user.click(await screen.findByRole('button', { name: 'Request a new store for Acme Coffee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a new store for Acme Coffee' });
    expect(within(dialog).getByRole('link', { name: 'How to get latitude and longitude' })).toHaveAttribute(
      'href',
      '/help/how-to-get-lat-long',
    );
    await user.type(within(dialog).getByLabelText(/^Name/), 'Acme Coffee Jewel');
    await user.type(within(dialog).getByLabelText(/^Address/), '78 Airport Boulevard');
    await user.type(within(dialog).getByLabelText('Postal code'), '819666');
    await user.type(within(dialog).getByLabelText('Latitude'), '1.3601');
    await user.type(within(dialog).getByLabelText('Longitude'), '103.9898');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = await backend.sent('POST', '/organization/store-requests');
    expect(sent.map((r) => r.body)).toEqual([
      {
        brandId: 1,
        name: 'Acme Coffee Jewel',
        address: '78 Airport Boulevard',
        postalCode: '819666',
        latitude: 1.3601,
        longitude: 103.9898,
      },
    ]);
    const jewel = await node('Acme Coffee Jewel');
    expect(stateOf(jewel)).toBe('Waiting for approval');
    expect(jewel).toHaveTextContent('78 Airport Boulevard, 819666');
  });

  it('operator: picks a company from the searchable select and sees its tree without request buttons', async () => {
    const user = userEvent.setup({ delay: null });
    await renderPage(<OrgHierarchyPage />, { url: URL, signedInAs: 'operator' });
    expect(
      await screen.findByText('Choose a company above to see its brands and stores.'),
    ).toBeInTheDocument();
    const picker = screen.getByRole('combobox', { name: 'Company' });
    await user.type(picker, 'Borea');
    // the picker searches the companies on the server, through the data provider
    await waitFor(async () => {
      const lists = await backend.sent('GET', '/companies');
      expect(lists.some((c) => new URLSearchParams(c.search).get('search')?.includes('Borea'))).toBe(true);
    });
    await user.click(await screen.findByRole('option', { name: /Borealis Bakes Ltd/ }, { timeout: 30_000 }));

    expect(stateOf(await node('Borealis Bakes Ltd'))).toBe('Waiting for approval');
    expect(stateOf(await node('Borealis'))).toBe('Waiting for approval');
    expect(await node('Borealis Bugis')).toHaveTextContent('200 Victoria Street');
    expect(screen.queryByRole('button', { name: /Request a new/ })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(`${URL}?companyId=2`));
    const calls = await backend.sent('GET', '/organization/hierarchy');
    expect(calls.map((c) => c.search)).toEqual(['?companyId=2']);
  });

  it('operator: a linked ?companyId= opens that company at once', async () => {
    await renderPage(<OrgHierarchyPage />, { url: `${URL}?companyId=1`, signedInAs: 'operator' });
    expect(stateOf(await node('Acme Coffee Pte Ltd'))).toBe('Active');
    expect(await node('Acme Tea Tiong Bahru')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Company' })).toHaveValue('Acme Coffee Pte Ltd'),
    );
  });
});
