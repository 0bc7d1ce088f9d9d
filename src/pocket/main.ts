// The pocket bundle (pocket.html): the member's public pages, without the portal. A web card of a
// member card (/c/{token}) or a voucher (/v/{token}), and a store poster's sign-up page
// (/join/{storeId}/{programmeId}). Plain DOM and a QR encoder, no React or MUI: it loads fast on a
// slow phone network. The server sends pocket.html for these paths (server/domains/portal/static.routes.ts).
import { POCKET_PAGES, REFERRAL_PARAM } from '../../contract/pocket';
import { renderCard } from './card';
import { renderJoin } from './join';
import './pocket.css';

const root = document.getElementById('pocket');
const path = window.location.pathname;

if (root) {
  if (path.startsWith(POCKET_PAGES.CARD))
    renderCard(root, 'CARD', decodeURIComponent(path.slice(POCKET_PAGES.CARD.length)));
  else if (path.startsWith(POCKET_PAGES.VOUCHER))
    renderCard(root, 'VOUCHER', decodeURIComponent(path.slice(POCKET_PAGES.VOUCHER.length)));
  else if (path.startsWith(POCKET_PAGES.JOIN)) {
    const [storeId, programmeId] = path.slice(POCKET_PAGES.JOIN.length).split('/').map(Number);
    // a member's referral link carries their code (issue 43)
    const ref = new URLSearchParams(window.location.search).get(REFERRAL_PARAM);
    renderJoin(root, storeId ?? Number.NaN, programmeId ?? Number.NaN, ref);
  }
}
