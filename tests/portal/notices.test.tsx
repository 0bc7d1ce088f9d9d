import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { BASE_PATHS, NOTIFICATION_MAX_VISIBLE } from '../../contract';
import { server } from '../../mocks/node';
import { createProviders } from '../../src/providers';
import { NoticeHarness } from './NoticeHarness';
import { portalServer } from './server';
import { settled } from './settle';

portalServer();

const T = { timeout: 30_000 };
const notices = () => screen.queryAllByTestId('notice');

describe('error notices (spec section 8)', { timeout: 60_000 }, () => {
  it('a failed call shows the message, code · first 4 of the request id, and the name, in red', async () => {
    const { httpClient } = createProviders();
    let requestId = '';
    const fail = () =>
      httpClient('/auth/get-token', {
        method: 'POST',
        auth: false,
        body: { email: 'operator@example.com', password: 'wrong-password' },
      }).catch((e: { requestId: string }) => {
        requestId = e.requestId;
        throw e;
      });
    render(<NoticeHarness fail={fail} />);
    fireEvent.click(await screen.findByRole('button', { name: 'fail' }, T));
    const notice = await screen.findByTestId('notice', {}, T);
    expect(requestId).toMatch(/^[0-9a-f-]{8,}$/);
    expect(Array.from(notice.children).map((c) => c.textContent)).toEqual([
      'Bad credentials',
      `26200 · ${requestId.slice(0, 4)}`,
      'BAD_CREDENTIALS',
    ]);
    // notistack's error variant: the red one
    expect(notice.closest('.notistack-MuiContent')).toHaveClass('notistack-MuiContent-error');
  });

  it('code 2 lists each field with its violation text', async () => {
    server.use(
      http.post(`*${BASE_PATHS.main}/auth/get-token`, () =>
        HttpResponse.json(
          {
            type: 'CR',
            code: 2,
            name: 'PARAMETER_VALIDATION_FAILED',
            message: 'Parameter validation failed',
            data: [
              { field: 'email', message: 'must be an e-mail' },
              { field: 'password', message: 'must not be empty' },
            ],
          },
          { status: 400, headers: { 'X-Request-Id': 'abcd1234-0000' } },
        ),
      ),
    );
    const { httpClient } = createProviders();
    render(
      <NoticeHarness fail={() => httpClient('/auth/get-token', { method: 'POST', auth: false, body: {} })} />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'fail' }, T));
    const notice = await screen.findByTestId('notice', {}, T);
    expect(Array.from(notice.children).map((c) => c.textContent)).toEqual([
      'Parameter validation failed',
      'email: must be an e-mail',
      'password: must not be empty',
      '2 · abcd',
      'PARAMETER_VALIDATION_FAILED',
    ]);
  });

  it(`shows at most ${NOTIFICATION_MAX_VISIBLE} at once, bottom-right`, async () => {
    render(<NoticeHarness fail={() => Promise.reject(new Error('boom'))} />);
    const button = await screen.findByRole('button', { name: 'fail' }, T);
    for (let i = 0; i < 7; i += 1) fireEvent.click(button);
    await waitFor(() => expect(notices()).toHaveLength(NOTIFICATION_MAX_VISIBLE), T);
    // The two extra ones wait in the queue rather than stacking up.
    await settled();
    expect(notices()).toHaveLength(NOTIFICATION_MAX_VISIBLE);
    const container = document.querySelector('.portal-notifications');
    expect(container).not.toBeNull();
    if (!(container instanceof HTMLElement)) throw new Error('no notification container');
    const style = getComputedStyle(container);
    // anchored to the bottom and the right edge, not the top or left
    expect(style.position).toBe('fixed');
    expect([style.top, style.left]).toEqual(['auto', 'auto']);
    expect(style.bottom).not.toBe('auto');
    expect(style.right).not.toBe('auto');
  });

  it('react-admin useNotify messages go through the same notices', async () => {
    render(<NoticeHarness />);
    fireEvent.click(await screen.findByRole('button', { name: 'plain' }, T));
    expect(await screen.findByText('plain notice', {}, T)).toBeInTheDocument();
  });
});

describe('confirm-then-act (spec section 5)', { timeout: 60_000 }, () => {
  it('asks with the defaults, Cancel closes without running', async () => {
    let ran = 0;
    render(
      <NoticeHarness
        run={async () => {
          ran += 1;
        }}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'confirm' }, T));
    const dialog = await screen.findByRole('dialog', {}, T);
    expect(within(dialog).getByText('Confirm to Create - product?')).toBeInTheDocument();
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Cancel', 'Confirm']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), T);
    expect(ran).toBe(0);
    expect(notices()).toHaveLength(0);
  });

  it('keeps the question asked while the dialog fades out, after Cancel and after Confirm', async () => {
    render(<NoticeHarness action="Delete" item="voucher" run={async () => undefined} />);
    for (const button of ['Cancel', 'Confirm']) {
      fireEvent.click(await screen.findByRole('button', { name: 'confirm' }, T));
      const dialog = await screen.findByRole('dialog', {}, T);
      await waitFor(() => expect(dialog).toHaveTextContent('Confirm to Delete - voucher?'), T);
      // every text the question shows until the dialog has left the page
      const seen = new Set<string>();
      const record = () => {
        for (const p of document.querySelectorAll('.MuiDialogContentText-root'))
          seen.add(p.textContent ?? '');
      };
      const observer = new MutationObserver(record);
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      fireEvent.click(within(dialog).getByRole('button', { name: button }));
      record();
      // still on the page (fading out) right after the click, still asking the same question
      expect(document.body).toContainElement(dialog);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), T);
      observer.disconnect();
      expect([...seen]).toEqual(['Confirm to Delete - voucher?']);
    }
  });

  it('on success: a Hint notice reading "{action} {item} success"', async () => {
    let ran = 0;
    render(
      <NoticeHarness
        action="Delete"
        item="voucher"
        run={async () => {
          ran += 1;
        }}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'confirm' }, T));
    const dialog = await screen.findByRole('dialog', {}, T);
    expect(within(dialog).getByText('Confirm to Delete - voucher?')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    const notice = await screen.findByTestId('notice', {}, T);
    expect(Array.from(notice.children).map((c) => c.textContent)).toEqual(['Hint', 'Delete voucher success']);
    expect(notice.closest('.notistack-MuiContent')).toHaveClass('notistack-MuiContent-success');
    expect(ran).toBe(1);
  });

  it('on failure: a red Error notice reading "{action} {item} failed"', async () => {
    render(
      <NoticeHarness
        action="Approve"
        item="merchant"
        run={() =>
          Promise.reject(
            Object.assign(new Error('Not found'), { name: 'NOT_FOUND', code: 5, requestId: 'ffee99' }),
          )
        }
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'confirm' }, T));
    fireEvent.click(
      within(await screen.findByRole('dialog', {}, T)).getByRole('button', { name: 'Confirm' }),
    );
    const notice = await screen.findByTestId('notice', {}, T);
    expect(Array.from(notice.children).map((c) => c.textContent)).toEqual([
      'Error',
      'Approve merchant failed',
      'Not found',
      '5 · ffee',
      'NOT_FOUND',
    ]);
    expect(notice.closest('.notistack-MuiContent')).toHaveClass('notistack-MuiContent-error');
  });
});
