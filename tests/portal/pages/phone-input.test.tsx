import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { toE164, validatePhone } from '../../../src/components/PhoneInput';
import { PhoneInputPage } from '../../../src/pages/test/PhoneInputPage';
import { portalServer } from '../server';
import { renderPage } from './harness';

describe('PhoneInput', { timeout: 45_000 }, () => {
  // the page calls nothing; anything it did send would meet the real server, not the shared mock data
  portalServer();

  it('turns what is typed into E.164 for the selected country', async () => {
    await renderPage(<PhoneInputPage />, { url: '/test/phone-input' });
    const user = userEvent.setup({ delay: null });
    const number = screen.getByLabelText(/^Mobile/);
    await user.type(number, '91234567');
    expect(screen.getByTestId('phone-e164')).toHaveTextContent('+6591234567');
    expect(number).toHaveValue('9123 4567');
    expect(screen.getByTestId('phone-validity')).toHaveTextContent('Valid number');

    // Focus and paste: one filtering pass instead of rendering all ~245 countries per keystroke.
    const code = screen.getByLabelText('Country code') as HTMLInputElement;
    code.focus();
    code.setSelectionRange(0, code.value.length);
    await user.paste('Malaysia');
    await user.click(await screen.findByRole('option', { name: /Malaysia/ }));
    await waitFor(() => expect(screen.getByTestId('phone-e164')).toHaveTextContent('+6091234567'));
  });

  it('takes a pasted international number with its own country', async () => {
    await renderPage(<PhoneInputPage />, { url: '/test/phone-input' });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByLabelText(/^Mobile/));
    await user.paste('+60 12-345 6789');
    expect(screen.getByTestId('phone-e164')).toHaveTextContent('+60123456789');
    expect(screen.getByLabelText('Country code')).toHaveValue('MY +60');
    expect(screen.getByTestId('phone-validity')).toHaveTextContent('Valid number');
  });

  it('says when the number is not valid yet', async () => {
    await renderPage(<PhoneInputPage />, { url: '/test/phone-input' });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/^Mobile/), '123');
    expect(screen.getByTestId('phone-e164')).toHaveTextContent('+65123');
    expect(screen.getByTestId('phone-validity')).toHaveTextContent('Not a valid number yet');
  });

  it('normalises national input and validates E.164', () => {
    expect(toE164('9123 4567', 'SG')).toBe('+6591234567');
    expect(toE164('020 7946 0958', 'GB')).toBe('+442079460958');
    expect(toE164('', 'SG')).toBe('');
    expect(toE164('+4', 'SG')).toBe('+4');
    expect(validatePhone('+6591234567', {}, {})).toBeUndefined();
    expect(validatePhone('+6512', {}, {})).toBe('pages.phone.invalid');
    expect(validatePhone('', {}, {})).toBeUndefined();
  });
});
