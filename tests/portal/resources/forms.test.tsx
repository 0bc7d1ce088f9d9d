// The generated create and edit forms on the real server (tests/portal/server.ts): whose row a create makes (an operator
// picks the company and the brand, a merchant does not), operation-only and server-owned fields that
// are never inputs, a 0 the user typed that goes out as 0, and the declaration's order rule (the
// last date on or after the first) checked before anything is sent. Each asserts the exact body.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatDate } from '../../../contract/format';
import {
  brand as brandTable,
  company as companyTable,
  users,
  voucherPacks,
} from '../../../server/platform/db/schema';
import { apiAs } from '../api';
import { openAs, renderApp } from '../renderApp';
import { portalServer } from '../server';
import { WORLD } from '../world';
import { merchantPack } from './handlers';

const T = { timeout: 30_000 };

describe('generated forms on the real server', () => {
  const backend = portalServer();

  /**
   * Two active companies, each with brands; the operator's brand list is narrowed to the chosen company.
   * The world's Borealis Bakes Ltd and its brand Borealis are approved (as an operator's approval leaves
   * them), and the operator adds it a second brand, Borealis Bread (POST /brands).
   */
  const seedOrganisations = async () => {
    const { db } = backend.t;
    await db
      .update(companyTable)
      .set({ state: 'ACTIVE' })
      .where(eq(companyTable.id, WORLD.borealis.companyId));
    await db.update(brandTable).set({ state: 'ACTIVE' }).where(eq(brandTable.id, WORLD.borealis.brandId));
    const operator = await apiAs(backend, 'operator');
    await operator('POST', '/brands', { companyId: WORLD.borealis.companyId, name: 'Borealis Bread' });
  };

  const PACK = {
    title: 'Free Kopi',
    price: '0',
    voucherValue: '4.5',
    quantity: '500',
    validFrom: '2026-03-01',
    validUntil: '2026-03-31',
  };

  /** The merchant's new voucher pack form, once its fields show. */
  const openNewPack = async () => {
    await openAs('merchant', '/voucherPacks/create');
    await screen.findByLabelText(/^Title/, {}, T);
  };

  /** Fills the pack's own fields (the scope pickers are the test's business). */
  const fillPack = (values: Partial<typeof PACK> = {}) => {
    const v = { ...PACK, ...values };
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: v.title } });
    fireEvent.change(screen.getByLabelText(/^Price/), { target: { value: v.price } });
    fireEvent.change(screen.getByLabelText(/^Voucher value/), { target: { value: v.voucherValue } });
    fireEvent.change(screen.getByLabelText(/^Quantity/), { target: { value: v.quantity } });
    typeDay(/^Valid from/, v.validFrom);
    typeDay(/^Valid until/, v.validUntil);
  };

  /**
   * Types a day into a date picker as a person reads it ('1 Mar 2026' for the wire's '2026-03-01'), and
   * checks the picker shows it so (not the browser's mm/dd/yyyy).
   */
  const typeDay = (label: RegExp, wire: string) => {
    const input = screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
    const written = formatDate(wire, 'en-SG');
    fireEvent.change(input, { target: { value: written } });
    expect(input.value.replace(/\u200e/g, '')).toBe(written);
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

  /** The bodies of the packs the page asked to create. */
  const posts = async () => (await backend.sent('POST', '/voucher-packs')).map((r) => r.body);

  /** The labels of the form's inputs (text boxes, number boxes, selects, checkboxes, date pickers), in order. */
  const inputLabels = (form: HTMLElement): string[] =>
    Array.from(
      form.querySelectorAll(
        'input:not([type=hidden]):not([aria-hidden=true]), textarea, [role=combobox], [role=group][aria-labelledby]',
      ),
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
    beforeEach(seedOrganisations);

    it("an operator picks the company, then one of its brands, and both go out with the pack's fields", async () => {
      await openAs('operator', '/voucherPacks/create');
      const company = await screen.findByRole('combobox', { name: 'Company *' }, T);
      // no brand is offered before a company is chosen
      const brand = screen.getByRole('combobox', { name: /^Brand/ });
      expect(brand).toHaveAttribute('aria-disabled', 'true');
      expect(screen.getByText('Choose a company first')).toBeInTheDocument();

      const user = userEvent.setup({ delay: null });
      await user.type(company, 'Borea');
      // the server's answer to the typed search first: an option picked from the list shown before it
      // arrives is replaced when it does (seen on a busy machine)
      await waitFor(() => {
        const names = screen.getAllByRole('option').map((o) => o.textContent ?? '');
        expect(names.length > 0 && names.every((n) => /Borea/.test(n))).toBe(true);
      }, T);
      await user.click(screen.getByRole('option', { name: /Borealis Bakes Ltd/ }));
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
          ).toEqual(expect.arrayContaining(['Borealis', 'Borealis Bread'])),
        T,
      );
      expect(within(brands).queryByRole('option', { name: 'Acme Coffee' })).toBeNull();
      fireEvent.click(within(brands).getByRole('option', { name: 'Borealis' }));

      fillPack();
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(async () => expect(await posts()).toHaveLength(1), T);
      expect((await posts())[0]).toEqual({
        ...PACK_BODY,
        companyId: WORLD.borealis.companyId,
        brandId: WORLD.borealis.brandId,
      });
      expect(await screen.findByText('Free Kopi', {}, T)).toBeInTheDocument();
    });

    it('an operator who picks no company is told it is required, and nothing is sent', async () => {
      await openAs('operator', '/voucherPacks/create');
      await screen.findByRole('combobox', { name: 'Company *' }, T);
      fillPack();
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Required', {}, T)).toBeInTheDocument();
      expect(await posts()).toHaveLength(0);
    });

    it('a merchant picks neither company nor brand: the server fills their own', async () => {
      await openNewPack();
      expect(screen.queryByRole('combobox', { name: /^Company/ })).toBeNull();
      expect(screen.queryByRole('combobox', { name: /^Brand/ })).toBeNull();
      fillPack();
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(async () => expect(await posts()).toHaveLength(1), T);
      // exactly the pack's fields: a price of 0 is sent as 0, no scope column, no state, no count
      const [body] = await posts();
      expect(JSON.stringify(body)).toContain('"price":0');
      expect(body).toEqual(PACK_BODY);
      // … and the server made it for the merchant's own brand
      await waitFor(async () => {
        const rows = await backend.t.db.select().from(voucherPacks);
        expect(rows).toMatchObject([{ title: 'Free Kopi', price: 0, brandId: WORLD.acme.brandId }]);
      }, T);
    });

    describe('a merchant without a brand of their own', () => {
      beforeEach(async () => {
        await backend.t.db.update(users).set({ brandId: null }).where(eq(users.id, WORLD.users.merchant));
      });

      it("picks one of their company's brands, and only the brand goes out", async () => {
        await openNewPack();
        expect(screen.queryByRole('combobox', { name: /^Company/ })).toBeNull();
        fireEvent.mouseDown(await screen.findByRole('combobox', { name: /^Brand/ }, T));
        const brands = await screen.findByRole('listbox', {}, T);
        await within(brands).findByRole('option', { name: 'Acme Tea House' }, T);
        // the other company's brand is never offered
        expect(within(brands).queryByRole('option', { name: 'Borealis Bread' })).toBeNull();
        expect(within(brands).queryByRole('option', { name: 'Borealis' })).toBeNull();
        fireEvent.click(within(brands).getByRole('option', { name: 'Acme Tea House' }));
        fillPack();
        fireEvent.click(screen.getByRole('button', { name: 'Save' }));
        await waitFor(async () => expect(await posts()).toHaveLength(1), T);
        expect((await posts())[0]).toEqual({ ...PACK_BODY, brandId: WORLD.acme.teaBrandId });
        await waitFor(async () => {
          const rows = await backend.t.db.select().from(voucherPacks);
          expect(rows).toMatchObject([{ title: 'Free Kopi', brandId: WORLD.acme.teaBrandId }]);
        }, T);
      });
    });
  });

  describe('fields nobody writes and the order rule', { timeout: 60_000 }, () => {
    // the merchant's pack Free Kopi, id 1, at 2.00 a voucher
    beforeEach(() => merchantPack(backend, { price: 2 }));

    it('the create form offers no state and no issued count', async () => {
      await openNewPack();
      const form = screen.getByLabelText(/^Title/).closest('form') as HTMLElement;
      expect(inputLabels(form)).toEqual([
        'Title',
        'Description',
        'Image',
        // the image field's upload (issue 23 item 8): a picture file or the web address above
        'Choose a picture file',
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
      await openAs('merchant', '/voucherPacks/1');
      const price = await screen.findByLabelText(/^Price/, {}, T);
      await waitFor(() => expect(price).toHaveValue(2), T);
      const form = price.closest('form') as HTMLElement;
      // the state is shown (translated), not offered as an input
      expect(inputLabels(form)).not.toContain('State');
      expect(within(form).getByText('State')).toBeInTheDocument();
      expect(within(form).getByText('Active')).toBeInTheDocument();
      fireEvent.change(price, { target: { value: '0' } });
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(async () => expect(await backend.sent('PUT', '/voucher-packs/1')).toHaveLength(1), T);
      const [put] = await backend.sent('PUT', '/voucher-packs/1');
      expect(JSON.stringify(put?.body)).toBe('{"price":0}');
      await waitFor(async () => {
        const [row] = await backend.t.db.select().from(voucherPacks).where(eq(voucherPacks.id, 1));
        expect(row).toMatchObject({ price: 0, state: 'ACTIVE' });
      }, T);
    });

    it('a last day before the first is refused in the form, with the first field named', async () => {
      await openNewPack();
      fillPack({ validFrom: '2026-03-31', validUntil: '2026-03-01' });
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Must be on or after Valid from', {}, T)).toBeInTheDocument();
      expect(await posts()).toHaveLength(0);

      // the same day is fine
      typeDay(/^Valid until/, '2026-03-31');
      await waitFor(() => expect(screen.queryByText('Must be on or after Valid from')).toBeNull(), T);
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(async () => expect(await posts()).toHaveLength(1), T);
    });

    it('min and max keep their own messages, in plain words', async () => {
      await openNewPack();
      fillPack({ price: '-1', quantity: '0' });
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Enter 0 or more', {}, T)).toBeInTheDocument();
      expect(screen.getByText('Enter 1 or more')).toBeInTheDocument();
    });
  });

  describe('ledgers', { timeout: 60_000 }, () => {
    it('voucher history offers no create, edit or delete, even to an operator', async () => {
      // a voucher issued to +6591110001 through the route: its history's first row says so
      const pack = await merchantPack(backend);
      const merchant = await apiAs(backend, 'merchant');
      await merchant('POST', `/voucher-packs/${pack.id}/vouchers`, {
        memberMobile: '+6591110001',
        quantity: 1,
      });
      await openAs('operator', '/voucherHistory/1/show');
      expect(await screen.findByText('+6591110001', {}, T)).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
      cleanup();
      renderApp('/vouchers/voucherHistory');
      await waitFor(() => expect(screen.getAllByText('+6591110001').length).toBeGreaterThan(0), T);
      expect(screen.queryByRole('link', { name: 'Create' })).toBeNull();
    });
  });
});
