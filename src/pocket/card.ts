// The web card of a member card or a voucher (issue 26 item 1). To be written.
import type { PocketKind } from '../../contract/pocket';

export const renderCard = (root: HTMLElement, kind: PocketKind, token: string): void => {
  root.textContent = `${kind} ${token}`;
};
