// Runs before the bundle (a blocking script in index.html) so the first paint already has the
// stored colour scheme: cookie `color-scheme` (contract THEME_COOKIE_NAME), default dark. The
// colours match src/theme/themes.ts BACKGROUND. A separate file rather than inline script so that
// the server's Content-Security-Policy (script-src 'self') allows it.
(() => {
  let mode = 'dark';
  try {
    const match = document.cookie.match(/(?:^|;\s*)color-scheme=(light|dark)(?:;|$)/);
    if (match) mode = match[1];
  } catch {
    // cookies disabled: keep the default
  }
  const root = document.documentElement;
  root.dataset.theme = mode;
  root.style.colorScheme = mode;
  root.style.backgroundColor = mode === 'dark' ? '#121417' : '#f5f6f8';
})();
