// Runs before the first paint (a blocking classic script, allowed by `script-src 'self'`), so the page
// never flashes the wrong theme. Keep the cookie name in sync with COLOR_MODE_COOKIE in
// packages/contracts (a unit test checks it). The app takes over once it starts (lib/color-mode).
(() => {
  try {
    const match = document.cookie.match(/(?:^|;\s*)nest_color_mode=(system|light|dark)(?:;|$)/);
    const preference = match ? match[1] : 'system';
    const dark =
      preference === 'dark' ||
      (preference === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    const root = document.documentElement;
    root.classList.toggle('dark', dark);
    root.style.colorScheme = dark ? 'dark' : 'light';
  } catch {
    // No cookie access or no matchMedia: the app applies the mode when it starts.
  }
})();
