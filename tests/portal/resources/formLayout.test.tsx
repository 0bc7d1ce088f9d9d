// Issue 23 items 6 and 8 on the real server: the generated forms' headings, the store's phone with the
// /register country picker and its messages in plain words (the form's own and the server's), an
// image field shown as a picture with an upload, not as its data: text.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { BASE_PATHS, fieldViolation } from '../../../contract';
import { server } from '../../../mocks/node';
import { violations } from '../../../mocks/respond';
import { openAs } from '../renderApp';
import { portalServer } from '../server';
import { merchantPack } from './handlers';

const T = { timeout: 30_000 };

describe('generated create and edit pages', { timeout: 60_000 }, () => {
  const backend = portalServer();

  it('a create page is headed "New …"', async () => {
    await openAs('merchant', '/voucherPacks/create');
    expect(await screen.findByRole('heading', { level: 1, name: 'New voucher pack' }, T)).toBeVisible();
  });

  it('the store edit page is headed with the store, and its phone has the country picker', async () => {
    await openAs('merchant', '/store/1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Edit store: Acme Coffee Raffles' }, T),
    ).toBeVisible();
    // the picker of /register: a country code and the number
    expect(screen.getByRole('combobox', { name: 'Country code' })).toHaveValue('SG +65');
    // the national number: a text input with the phone keypad and its own autofill token (H98)
    const phone = screen.getByLabelText('Phone');
    expect(phone).toHaveAttribute('inputmode', 'tel');
    expect(phone).toHaveAttribute('autocomplete', 'tel-national');
    expect(phone).toHaveAttribute('type', 'text');
  });

  it('a bad store phone is told in plain words by the form, and nothing is sent', async () => {
    await openAs('merchant', '/store/1');
    const phone = await screen.findByLabelText('Phone', {}, T);
    fireEvent.change(phone, { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Enter a valid phone number for the selected country', {}, T),
    ).toBeVisible();
    expect(screen.queryByText(/must match pattern/)).toBeNull();
    expect(await backend.sent('PUT', '/stores/1')).toHaveLength(0);
  });

  it("the server's refusal of a phone shows its plain sentence on the field and in the notice", async () => {
    // the body the server sends for a phone that is not E.164 (tests/api/core.test.ts checks it)
    server.use(
      http.put(`*${BASE_PATHS.main}/stores/1`, () => violations([fieldViolation('phone', 'phone')])),
    );
    await openAs('merchant', '/store/1');
    const phone = await screen.findByLabelText('Phone', {}, T);
    fireEvent.change(phone, { target: { value: '9123 4567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const sentence = 'Enter a phone number in international form, like +65 9123 4567';
    // on the field, and in the notice after the field's label
    expect(await screen.findByText(sentence, {}, T)).toBeVisible();
    expect(await screen.findByText(`Phone: ${sentence}`, {}, T)).toBeVisible();
  });

  it('an image field uploads a picture file to the file store and keeps its address, never its bytes', async () => {
    await merchantPack(backend);
    await openAs('merchant', '/voucherPacks/1');
    const field = await screen.findByLabelText(/^Image/, {}, T);
    expect(field).toHaveValue('');
    expect(screen.getByText('No picture')).toBeVisible();
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    // an SVG is not a picture the store takes: said, nothing sent
    fireEvent.change(input, {
      target: {
        files: [
          new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'kopi.svg', { type: 'image/svg+xml' }),
        ],
      },
    });
    expect(await screen.findByText('Choose a PNG, JPEG, WebP or GIF picture', {}, T)).toBeVisible();
    expect(await backend.sent('POST', '/files')).toHaveLength(0);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    fireEvent.change(input, { target: { files: [new File([png], 'kopi.png', { type: 'image/png' })] } });
    const preview = await screen.findByRole('img', { name: 'Picture of Image' }, T);
    expect(preview.getAttribute('src')).toMatch(
      /^\/portal-main-service\/api\/v1\/files\/\d{4}\/[0-9a-f-]{36}\.png$/,
    );
    const [upload] = await backend.sent('POST', '/files');
    expect(upload).toBeDefined();
    // the text box shows no address of ours: "a picture from a file"
    expect(screen.getByLabelText(/^Image/)).toHaveValue('');
    expect(screen.getAllByText('A picture from a file').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await backend.sent('PUT', '/voucher-packs/1')).toHaveLength(1), T);
    const [put] = await backend.sent('PUT', '/voucher-packs/1');
    expect((put?.body as { image?: string } | undefined)?.image).toBe(preview.getAttribute('src'));
  });
});
