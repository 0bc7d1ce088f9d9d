import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { getPortalEnv } from './providers/env';
import { applyThemeToDocument, currentThemeMode } from './theme/themeCookie';

document.title = getPortalEnv().portalTitle;
// public/theme-init.js painted the page already; this covers a missing or blocked script.
applyThemeToDocument(currentThemeMode());

const render = () => {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
};

// The server-less demo: MSW answers the API in the browser. The condition is a build-time constant,
// so an ordinary build leaves the mocks out entirely.
if (import.meta.env.VITE_USE_MOCKS === 'true') {
  import('../mocks/browser')
    .then(({ startMockWorker }) => startMockWorker())
    .catch((error: unknown) => console.error('mock API did not start', error))
    .finally(render);
} else {
  render();
}
