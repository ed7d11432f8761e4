// Applies the saved theme (or the OS preference) before first paint, so dark mode never flashes white.
// A file rather than an inline script because the CSP allows scripts from 'self' only.
// Same rule as src/lib/theme.ts.
(function () {
  var t = null;
  try {
    t = localStorage.getItem('theme');
  } catch (e) {}
  if (t !== 'light' && t !== 'dark') t = window.matchMedia && matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  document.documentElement.classList.toggle('dark', t === 'dark');
  document.documentElement.style.colorScheme = t;
})();
