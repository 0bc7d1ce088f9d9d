import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createPortalProviders } from './App';
import { DESKTOP_MENU_QUERY, shellMenuModule } from './layout/ShellLayout';
import { getPortalEnv } from './providers/env';
import { loadRouteCode } from './routes';
import { applyThemeToDocument, currentThemeMode } from './theme/themeCookie';

document.title = getPortalEnv().portalTitle;
// index.html's inline theme script painted the page already; this covers a blocked script.
applyThemeToDocument(currentThemeMode());

const providers = createPortalProviders();
// A signed-in reload asks for the user and the page's code now, while React renders the shell: the
// page's heading waited for both, one after the other, after that render (issue 39).
if (providers.storage.getRefreshToken() !== null || providers.storage.getAccessToken() !== null) {
  providers.authProvider.preloadUser();
  // In a task of its own: asking for a chunk adds a modulepreload link per file it imports, which
  // Chromium handles as it is added, and in the task that evaluated the portal's code these made
  // the longest task of a phone's load longer by a third (issue 39: total blocking time).
  setTimeout(() => {
    loadRouteCode(window.location.pathname);
    // the desktop shows its side menu with the page; a phone's waits in a closed drawer
    if (window.matchMedia(DESKTOP_MENU_QUERY).matches) shellMenuModule().catch(() => undefined);
  }, 0);
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);
// As a transition the first render is time-sliced: React yields to the browser every few
// milliseconds instead of holding the main thread for the whole tree (issue 39: total blocking time
// on a phone). A plain root.render is one blocking task.
startTransition(() =>
  root.render(
    <StrictMode>
      <App providers={providers} />
    </StrictMode>,
  ),
);
