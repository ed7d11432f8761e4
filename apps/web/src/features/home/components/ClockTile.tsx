import { ClockIcon } from '../../../components/index.ts';
import { useNow } from '../hooks/useNow.ts';

const localTime = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
const localDate = new Intl.DateTimeFormat(undefined, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
// US markets run on New York time; traders outside it want both clocks.
const newYork = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });

/** The sixth home tile: a live clock ticking every second. */
export function ClockTile() {
  const now = useNow();
  return (
    <section
      aria-label="Clock"
      data-testid="home-tile"
      className="flex h-full flex-col rounded-xl border border-slate-800 bg-slate-900 p-5 text-white shadow-sm dark:border-slate-700 dark:bg-slate-800/60"
    >
      <span className="inline-flex size-10 items-center justify-center rounded-lg bg-white/10 text-emerald-300 ring-1 ring-white/15">
        <ClockIcon className="size-5" />
      </span>
      <h2 className="mt-4 text-base font-semibold">Clock</h2>
      <p className="mt-1 font-mono text-3xl font-semibold tracking-tight tabular-nums" data-testid="clock-time">
        <time dateTime={now.toISOString()}>{localTime.format(now)}</time>
      </p>
      <p className="mt-1 text-sm text-slate-300">{localDate.format(now)}</p>
      <p className="mt-auto pt-4 text-sm text-slate-300">
        New York <span className="font-mono font-medium text-white tabular-nums">{newYork.format(now)}</span> ET
      </p>
    </section>
  );
}
