import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { getPortalEnv } from './providers/env';
import { applyThemeToDocument, currentThemeMode } from './theme/themeCookie';

document.title = getPortalEnv().portalTitle;
// public/theme-init.js painted the page already; this covers a missing or blocked script.
applyThemeToDocument(currentThemeMode());

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
