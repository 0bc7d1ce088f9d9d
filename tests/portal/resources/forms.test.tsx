// The generated create and edit forms against the MSW mocks: whose row a create makes (an operator
// picks the company and the brand, a merchant does not), operation-only and server-owned fields that
// are never inputs, a 0 the user typed that goes out as 0, and the declaration's order rule (the
// last date on or after the first) checked before anything is sent. Each asserts the exact body.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockDb } from '../../../mocks/node';
import { renderApp, signIn } from '../renderApp';
import { recordRequests, seedRows } from './handlers';

const T = { timeout: 10_000 };

/** Two companies, each with brands; the operator's brand list is narrowed to the chosen company. */
const seedOrganisations = () => {
  seedRows('company', [
    { name: 'Acme Coffee Pte Ltd', registrationNo: 'ACME-1', state: 'ACTIVE', companyId: undefined },
    { name: 'Borealis Bakes Ltd', registrationNo: 'BORE-1', state: 'ACTIVE', companyId: undefined },
  ]);
  seedRows('brand', [
    { name: 'Acme Espresso', state: 'ACTIVE', companyId: 1, brandId: undefined },
    { name: 'Borealis Buns', state: 'ACTIVE', companyId: 2, brandId: undefined },
    { name: 'Borealis Bread', state: 'ACTIVE', companyId: 2, brandId: undefined },
  ]);
  seedRows('voucherPacks', []);
};

const PACK = {
  title: 'Free Kopi',
  price: '0',
  voucherValue: '4.5',
  quantity: '500',
  validFrom: '2026-03-01',
  validUntil: '2026-03-31',
};

/** Fills the pack's own fields (the scope pickers are the test's business). */
const fillPack = (values: Partial<typeof PACK> = {}) => {
  const v = { ...PACK, ...values };
  fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: v.title } });
  fireEvent.change(screen.getByLabelText(/^Price/), { target: { value: v.price } });
  fireEvent.change(screen.getByLabelText(/^Voucher value/), { target: { value: v.voucherValue } });
  fireEvent.change(screen.getByLabelText(/^Quantity/), { target: { value: v.quantity } });
  fireEvent.change(screen.getByLabelText(/^Valid from/), { target: { value: v.validFrom } });
  fireEvent.change(screen.getByLabelText(/^Valid until/), { target: { value: v.validUntil } });
};

/** The pack's fields as they go out, defaults included (issue limit 1, 30 days, not giftable). */
const PACK_BODY = {
  title: 'Free Kopi',
  price: 0,
  voucherValue: 4.5,
  quantity: 500,
  issueLimitPerMember: 1,
  validFrom: '2026-03-01',
  validUntil: '2026-03-31',
  voucherValidityDays: 30,
  giftable: false,
};

const posts = (recorder: ReturnType<typeof recordRequests>) =>
  Promise.all(recorder.seen.filter((r) => r.method === 'POST').map((r) => r.clone().text()));

/** The labels of the form's inputs (text boxes, number boxes, selects, checkboxes), in order. */
const inputLabels = (form: HTMLElement): string[] =>
  Array.from(
    form.querySelectorAll('input:not([type=hidden]):not([aria-hidden=true]), textarea, [role=combobox]'),
  )
    .map((el) => {
      const id = el.getAttribute('id') ?? '';
      const labelledBy = el.getAttribute('aria-labelledby');
      const label =
        (id ? form.querySelector(`label[for="${id}"]`) : null) ??
        el.closest('label') ??
        (labelledBy ? document.getElementById(labelledBy.split(' ')[0] ?? '') : null);
      return (label?.textContent ?? el.getAttribute('aria-label') ?? '').replace(/\s*\*$/, '').trim();
    })
    .filter((text, i, all) => text !== '' && all.indexOf(text) === i);

describe('creating a company-scoped row', { timeout: 60_000 }, () => {
  let recorder: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    seedOrganisations();
    recorder = recordRequests('/voucher-packs');
  });
  afterEach(() => recorder.stop());

  it("an operator picks the company, then one of its brands, and both go out with the pack's fields", async () => {
    await signIn('operator');
    renderApp('/voucherPacks/create');
    const company = await screen.findByRole('combobox', { name: 'Company *' }, T);
    // no brand is offered before a company is chosen
    const brand = screen.getByRole('combobox', { name: /^Brand/ });
    expect(brand).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('Choose a company first')).toBeInTheDocument();

    const user = userEvent.setup({ delay: null });
    await user.type(company, 'Borea');
    await user.click(await screen.findByRole('option', { name: /Borealis Bakes Ltd/ }, T));
    await waitFor(() => expect(company).toHaveValue('Borealis Bakes Ltd'), T);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Brand/ }));
    const brands = await screen.findByRole('listbox', {}, T);
    // the chosen company's brands only, by name
    await waitFor(
      () =>
        expect(
          within(brands)
            .getAllByRole('option')
            .map((o) => o.textContent?.trim()),
        ).toEqual(expect.arrayContaining(['Borealis Bread', 'Borealis Buns'])),
      T,
    );
    expect(within(brands).queryByRole('option', { name: 'Acme Espresso' })).toBeNull();
    fireEvent.click(within(brands).getByRole('option', { name: 'Borealis Buns' }));

    fillPack();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await posts(recorder)).toHaveLength(1), T);
    expect(JSON.parse((await posts(recorder))[0] as string)).toEqual({
      ...PACK_BODY,
      companyId: 2,
      brandId: 2,
    });
    expect(await screen.findByText('Free Kopi', {}, T)).toBeInTheDocument();
  });

  it('an operator who picks no company is told it is required, and nothing is sent', async () => {
    await signIn('operator');
    renderApp('/voucherPacks/create');
    await screen.findByRole('combobox', { name: 'Company *' }, T);
    fillPack();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Required', {}, T)).toBeInTheDocument();
    expect(recorder.seen.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('a merchant picks neither company nor brand: the server fills their own', async () => {
    await signIn('merchant');
    renderApp('/voucherPacks/create');
    await screen.findByLabelText(/^Title/, {}, T);
    expect(screen.queryByRole('combobox', { name: /^Company/ })).toBeNull();
    expect(screen.queryByRole('combobox', { name: /^Brand/ })).toBeNull();
    fillPack();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await posts(recorder)).toHaveLength(1), T);
    // exactly the pack's fields: a price of 0 is sent as 0, no scope column, no state, no count
    const body = (await posts(recorder))[0] as string;
    expect(body).toContain('"price":0');
    expect(JSON.parse(body)).toEqual(PACK_BODY);
  });

  describe('a merchant without a brand of their own', () => {
    const merchant = () => mockDb.users.find((u) => u.email === 'merchant@example.com');
    let brandId: number | null | undefined;
    beforeEach(() => {
      const m = merchant();
      brandId = m?.brandId;
      if (m) m.brandId = null;
    });
    afterEach(() => {
      const m = merchant();
      if (m) m.brandId = brandId ?? null;
    });

    it("picks one of their company's brands, and only the brand goes out", async () => {
      seedRows('brand', [
        { name: 'Acme Espresso', state: 'ACTIVE', companyId: 1, brandId: undefined },
        { name: 'Acme Tea', state: 'ACTIVE', companyId: 1, brandId: undefined },
        { name: 'Borealis Buns', state: 'ACTIVE', companyId: 2, brandId: undefined },
      ]);
      await signIn('merchant');
      renderApp('/voucherPacks/create');
      await screen.findByLabelText(/^Title/, {}, T);
      expect(screen.queryByRole('combobox', { name: /^Company/ })).toBeNull();
      fireEvent.mouseDown(await screen.findByRole('combobox', { name: /^Brand/ }, T));
      const brands = await screen.findByRole('listbox', {}, T);
      await within(brands).findByRole('option', { name: 'Acme Tea' }, T);
      expect(within(brands).queryByRole('option', { name: 'Borealis Buns' })).toBeNull();
      fireEvent.click(within(brands).getByRole('option', { name: 'Acme Tea' }));
      fillPack();
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(async () => expect(await posts(recorder)).toHaveLength(1), T);
      expect(JSON.parse((await posts(recorder))[0] as string)).toEqual({ ...PACK_BODY, brandId: 2 });
    });
  });
});

describe('fields nobody writes and the order rule', { timeout: 60_000 }, () => {
  let recorder: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    seedOrganisations();
    seedRows('voucherPacks', [
      {
        title: 'Free Kopi',
        description: null,
        image: null,
        price: 2,
        voucherValue: 4.5,
        quantity: 500,
        issuedCount: 4,
        issueLimitPerMember: 1,
        validFrom: '2026-03-01',
        validUntil: '2026-03-31',
        voucherValidityDays: 30,
        giftable: false,
        state: 'ACTIVE',
      },
    ]);
    recorder = recordRequests('/voucher-packs/1');
  });
  afterEach(() => recorder.stop());

  it('the create form offers no state and no issued count', async () => {
    await signIn('merchant');
    renderApp('/voucherPacks/create');
    await screen.findByLabelText(/^Title/, {}, T);
    const form = screen.getByLabelText(/^Title/).closest('form') as HTMLElement;
    expect(inputLabels(form)).toEqual([
      'Title',
      'Description',
      'Image',
      'Price',
      'Voucher value',
      'Quantity',
      'Limit per member',
      'Valid from',
      'Valid until',
      'Voucher validity (days)',
      'Giftable',
    ]);
  });

  it('the edit form shows the state read-only, and a price changed to 0 goes out as 0 alone', async () => {
    await signIn('merchant');
    renderApp('/voucherPacks/1');
    const price = await screen.findByLabelText(/^Price/, {}, T);
    await waitFor(() => expect(price).toHaveValue(2), T);
    const form = price.closest('form') as HTMLElement;
    // the state is shown (translated), not offered as an input
    expect(inputLabels(form)).not.toContain('State');
    expect(within(form).getByText('State')).toBeInTheDocument();
    expect(within(form).getByText('Active')).toBeInTheDocument();
    fireEvent.change(price, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(recorder.seen.filter((r) => r.method === 'PUT')).toHaveLength(1), T);
    const put = recorder.seen.find((r) => r.method === 'PUT') as Request;
    expect(await put.text()).toBe('{"price":0}');
  });

  it('a last day before the first is refused in the form, with the first field named', async () => {
    const creates = recordRequests('/voucher-packs');
    await signIn('merchant');
    renderApp('/voucherPacks/create');
    await screen.findByLabelText(/^Title/, {}, T);
    fillPack({ validFrom: '2026-03-31', validUntil: '2026-03-01' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must be on or after Valid from', {}, T)).toBeInTheDocument();
    expect(creates.seen.filter((r) => r.method === 'POST')).toHaveLength(0);

    // the same day is fine
    fireEvent.change(screen.getByLabelText(/^Valid until/), { target: { value: '2026-03-31' } });
    await waitFor(() => expect(screen.queryByText('Must be on or after Valid from')).toBeNull(), T);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(creates.seen.filter((r) => r.method === 'POST')).toHaveLength(1), T);
    creates.stop();
  });

  it('min and max keep their own messages', async () => {
    await signIn('merchant');
    renderApp('/voucherPacks/create');
    await screen.findByLabelText(/^Title/, {}, T);
    fillPack({ price: '-1', quantity: '0' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must be at least 0', {}, T)).toBeInTheDocument();
    expect(screen.getByText('Must be at least 1')).toBeInTheDocument();
  });
});

describe('ledgers', { timeout: 60_000 }, () => {
  it('voucher history offers no create, edit or delete, even to an operator', async () => {
    seedRows('voucherHistory', [
      {
        voucherId: 1,
        action: 'REDEEM',
        memberMobile: '+6591110001',
        at: '2026-02-01T10:00:00.000Z',
      },
    ]);
    seedRows('vouchers', []);
    await signIn('operator');
    renderApp('/voucherHistory/1/show');
    expect(await screen.findByText('+6591110001', {}, T)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    cleanup();
    renderApp('/vouchers/voucherHistory');
    await waitFor(() => expect(screen.getAllByText('+6591110001').length).toBeGreaterThan(0), T);
    expect(screen.queryByRole('link', { name: 'Create' })).toBeNull();
  });
});
