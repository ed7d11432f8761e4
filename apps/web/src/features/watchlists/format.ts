// How the /watchlists rows show their numbers: '—' where the symbol has too little history.

const DASH = '—';
const fixed = (n: number | null, digits: number, suffix = '', signed = false) =>
  n === null || !Number.isFinite(n) ? DASH : `${signed && n > 0 ? '+' : ''}${n.toFixed(digits)}${suffix}`;

export const formatPrice = (n: number | null) => fixed(n, 2);
export const formatChange = (n: number | null) => fixed(n, 2, '', true);
export const formatPercent = (n: number | null) => fixed(n, 2, '%', true);
export const formatRsi = (n: number | null) => fixed(n, 1);

export type Tone = 'positive' | 'negative' | 'none';
export const tone = (n: number | null): Tone => (n === null || n === 0 ? 'none' : n > 0 ? 'positive' : 'negative');
export const toneClass: Record<Tone, string> = {
  positive: 'text-up',
  negative: 'text-down',
  none: 'text-slate-500 dark:text-slate-400',
};
