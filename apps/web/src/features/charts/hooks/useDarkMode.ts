import { useSyncExternalStore } from 'react';

// Charts draw on a canvas, so they cannot use `dark:` classes: they follow the `dark` class on <html>.
const subscribe = (onChange: () => void) => {
  const obs = new MutationObserver(onChange);
  obs.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => obs.disconnect();
};
const isDark = () => document.documentElement.classList.contains('dark');

export function useDarkMode(): boolean {
  return useSyncExternalStore(subscribe, isDark, () => false);
}
