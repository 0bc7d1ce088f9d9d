// The merchant's /signup page on the real server: the three-step form and its exact request, a
// rejected application (reason shown, form pre-filled), server field errors on their fields, and the
// status card while the application waits (Check again).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { BASE_PATHS } from '../../../contract';
import { server } from '../../../mocks/node';
import { violations } from '../../../mocks/respond';
import { merchantSignup } from '../../../server/platform/db/schema';
import { SignupPage } from '../../../src/pages/signup/SignupPage';
import { portalServer } from '../server';
import { userRow, WORLD } from '../world';
import { renderPage } from './harness';
import { decideSignup, enableLee, fileSignup } from './signup-demo';

const T = { timeout: 30_000 };

const BODY = {
  company: {
    name: 'Kopi Corner Pte Ltd',
    registrationNo: '201912345K',
    address: '1 Raffles Place',
    contactEmail: 'hello@kopicorner.sg',
    phone: '+6561234567',
  },
  brand: { name: 'Kopi Corner', description: 'Coffee and kaya toast', website: 'https://kopicorner.sg' },
  store: {
    name: 'Kopi Corner Raffles',
    address: '1 Raffles Place #01-01',
    postalCode: '048616',
    latitude: 1.2841,
    longitude: 103.8515,
    phone: null,
    openingHours: 'Mon-Fri 07:00-19:00',
  },
};

const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));
const shownStep = () => screen.getAllByRole('group').map((g) => g.getAttribute('aria-label'));

/** Fills the Company step and moves on to the First brand step. */
const fillCompanyStep = async () => {
  type(/^Company name/, BODY.company.name);
  type(/^Registration number/, BODY.company.registrationNo);
  type(/^Contact e-mail/, BODY.company.contactEmail);
  type(/^Company address/, BODY.company.address);
  type(/^Company phone/, '6123 4567');
  next();
  await waitFor(() => expect(shownStep()).toEqual(['First brand']));
};

/** The signup page as the new merchant, once its heading shows. */
const openSignup = async () => {
  await renderPage(<SignupPage />, { url: '/signup', signedInAs: 'newMerchant' });
  await screen.findByRole('heading', { name: 'Register your business' }, T);
};

const fillAll = async () => {
  await fillCompanyStep();
  type(/^Brand name/, BODY.brand.name);
  type(/^Description/, BODY.brand.description);
  type(/^Website/, BODY.brand.website);
  next();
  await waitFor(() => expect(shownStep()).toEqual(['First store']));
  type(/^Store name/, BODY.store.name);
  type(/^Store address/, BODY.store.address);
  type(/^Postal code/, BODY.store.postalCode);
  type(/^Latitude/, String(BODY.store.latitude));
  type(/^Longitude/, String(BODY.store.longitude));
  type(/^Opening hours/, BODY.store.openingHours);
};

describe('SignupPage', { timeout: 45_000 }, () => {
  const backend = portalServer();

  it('without an application: a three-step form that POSTs exactly what was entered', async () => {
    await renderPage(<SignupPage />, { url: '/signup', signedInAs: 'newMerchant' });
    expect(await screen.findByRole('heading', { name: 'Register your business' }, T)).toBeInTheDocument();
    expect(shownStep()).toEqual(['Company']);
    await fillAll();
    expect(screen.getByRole('link', { name: 'Not sure? How to get latitude and longitude' })).toHaveAttribute(
      'href',
      '/help/how-to-get-lat-long',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Submit application' }));

    expect(
      await screen.findByRole('heading', { name: 'Your application is being reviewed' }, T),
    ).toBeVisible();
    const posts = await backend.sent('POST', '/organization/signup');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual(BODY);
    expect(screen.getByText('Kopi Corner Pte Ltd')).toBeInTheDocument();
    expect(screen.getByText('Kopi Corner Raffles')).toBeInTheDocument();
    expect(screen.getByText('Pending')).toBeInTheDocument();
    // Nina now belongs to the company she applied for, still waiting for approval
    const nina = await userRow(backend.t.db, WORLD.users.newMerchant);
    expect(nina?.signupState).toBe('SUBMITTED');
    expect(nina?.companyId).not.toBeNull();
  });

  it('Next checks the step first: required fields stay on the step', async () => {
    await openSignup();
    next();
    const step = await screen.findByRole('group', { name: 'Company' });
    await waitFor(() => expect(within(step).getAllByText('Required')).toHaveLength(3));
    expect(shownStep()).toEqual(['Company']);
    expect(await backend.sent('POST', '/organization/signup')).toHaveLength(0);
  });

  it('a "Required" that Next showed goes as soon as the field is filled in (no stale errors)', async () => {
    await openSignup();
    next();
    const step = await screen.findByRole('group', { name: 'Company' });
    await waitFor(() => expect(within(step).getAllByText('Required')).toHaveLength(3));
    type(/^Company name/, BODY.company.name);
    await waitFor(() => expect(within(step).getAllByText('Required')).toHaveLength(2));
    type(/^Registration number/, BODY.company.registrationNo);
    type(/^Contact e-mail/, BODY.company.contactEmail);
    await waitFor(() => expect(within(step).queryAllByText('Required')).toHaveLength(0));
  });

  it('arriving at the store step shows no "Required" before the user touched a field or submitted', async () => {
    await openSignup();
    await fillCompanyStep();
    type(/^Brand name/, BODY.brand.name);
    next();
    await waitFor(() => expect(shownStep()).toEqual(['First store']));
    const step = screen.getByRole('group', { name: 'First store' });
    // give any validation a turn to land, then look
    await new Promise((r) => setTimeout(r, 300));
    expect(within(step).queryAllByText('Required')).toHaveLength(0);
    // submitting the empty step does mark them
    fireEvent.click(screen.getByRole('button', { name: 'Submit application' }));
    await waitFor(() => expect(within(step).getAllByText('Required')).toHaveLength(2));
    expect(await backend.sent('POST', '/organization/signup')).toHaveLength(0);
  });

  it('a rejected merchant sees the reason and the form filled with the rejected application', async () => {
    const id = await fileSignup(backend, 'newMerchant', BODY);
    await decideSignup(backend, id, 'reject', 'The registration number does not match ACRA.');
    await renderPage(<SignupPage />, { url: '/signup', signedInAs: 'newMerchant' });

    const alert = await screen.findByTestId('signup-rejected', {}, T);
    expect(alert).toHaveTextContent('Your application was rejected');
    expect(alert).toHaveTextContent('Reason: The registration number does not match ACRA.');
    expect(screen.getByRole('heading', { name: 'Update your application' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Company name/)).toHaveValue(BODY.company.name);
    expect(screen.getByLabelText(/^Registration number/)).toHaveValue(BODY.company.registrationNo);
    expect(screen.getByLabelText(/^Website/)).toHaveValue(BODY.brand.website);
    expect(screen.getByLabelText(/^Store address/)).toHaveValue(BODY.store.address);
    expect(screen.getByLabelText(/^Latitude/)).toHaveValue(BODY.store.latitude);

    type(/^Registration number/, '201912345X');
    next();
    await waitFor(() => expect(shownStep()).toEqual(['First brand']));
    next();
    await waitFor(() => expect(shownStep()).toEqual(['First store']));
    fireEvent.click(screen.getByRole('button', { name: 'Submit again' }));

    expect(
      await screen.findByRole('heading', { name: 'Your application is being reviewed' }, T),
    ).toBeVisible();
    const posts = await backend.sent('POST', '/organization/signup');
    expect(posts[0]?.body).toEqual({ ...BODY, company: { ...BODY.company, registrationNo: '201912345X' } });
    // the same company, corrected and waiting again, with a new request
    const requests = await backend.t.db.select().from(merchantSignup).orderBy(merchantSignup.id);
    expect(requests.map((r) => [r.approval, r.registrationNo])).toEqual([
      ['REJECT', '201912345K'],
      ['PENDING', '201912345X'],
    ]);
    expect(new Set(requests.map((r) => r.companyId)).size).toBe(1);
  });

  it('a company name already registered (26423) lands on the company name field', async () => {
    // Lee applied first, for the same name in other letters
    await enableLee(backend);
    await fileSignup(backend, 'locked', {
      ...BODY,
      company: { ...BODY.company, name: 'kopi corner pte ltd' },
    });
    await openSignup();
    await fillAll();
    fireEvent.click(screen.getByRole('button', { name: 'Submit application' }));

    expect(await screen.findByText('A company with this name is already registered', {}, T)).toBeVisible();
    expect(shownStep()).toEqual(['Company']);
    expect(await screen.findByText(/^26423/, {}, T)).toBeInTheDocument();
    expect(screen.getByText('COMPANY_NAME_DUPLICATE')).toBeInTheDocument();
  });

  it("the server's field violations (code 2) show on their fields, on their step", async () => {
    // the form checks the same declared limits the server does: only a handler in front gives one
    server.use(
      http.post(`*${BASE_PATHS.main}/organization/signup`, () =>
        violations([{ field: 'store.postalCode', message: 'must match pattern "^[0-9]+$"' }]),
      ),
    );
    await openSignup();
    await fillAll();
    fireEvent.click(screen.getByRole('button', { name: 'Submit application' }));
    const step = await screen.findByRole('group', { name: 'First store' });
    expect(await within(step).findByText('must match pattern "^[0-9]+$"', {}, T)).toBeVisible();
    expect(
      await screen.findByText('Some details need your attention: see the highlighted fields.', {}, T),
    ).toBeVisible();
  });

  describe('with an application waiting for review', () => {
    const pending = () => fileSignup(backend, 'newMerchant', BODY);

    it('shows the status card: account, what was submitted, Pending', async () => {
      await pending();
      await renderPage(<SignupPage />, { url: '/signup', signedInAs: 'newMerchant' });
      expect(
        await screen.findByRole('heading', { name: 'Your application is being reviewed' }, T),
      ).toBeInTheDocument();
      expect(await screen.findByText('new.merchant@example.com', {}, T)).toBeInTheDocument();
      expect(screen.getByText('Kopi Corner Pte Ltd')).toBeInTheDocument();
      expect(screen.getByText('Kopi Corner')).toBeInTheDocument();
      expect(screen.getByText('Kopi Corner Raffles')).toBeInTheDocument();
      expect(screen.getByText('Pending')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    });

    it('"Check again" reloads the user and stays while it is still SUBMITTED', async () => {
      await pending();
      await renderPage(<SignupPage />, { url: '/signup', signedInAs: 'newMerchant' });
      await userEvent
        .setup({ delay: null })
        .click(await screen.findByRole('button', { name: 'Check again' }, T));
      expect(await screen.findByText('Your application is still awaiting approval.')).toBeInTheDocument();
      expect(await backend.sent('GET', `/user/${WORLD.users.newMerchant}`)).not.toHaveLength(0);
      expect(screen.getByTestId('where')).toHaveTextContent(/^\/signup$/);
    });

    it('"Check again" goes to / once an operator approved the signup', async () => {
      const id = await pending();
      await renderPage(<SignupPage />, { url: '/signup', signedInAs: 'newMerchant' });
      const check = await screen.findByRole('button', { name: 'Check again' }, T);
      await decideSignup(backend, id, 'approve');
      await userEvent.setup({ delay: null }).click(check);
      await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
      expect((await userRow(backend.t.db, WORLD.users.newMerchant))?.signupState).toBe('APPROVAL');
    });
  });
});
