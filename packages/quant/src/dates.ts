// Session dates are whole days since 1970-01-01 (UTC), as in DailyBars.day.

const MS_PER_DAY = 86_400_000;

/** 'YYYY-MM-DD' → days since epoch; NaN when the text is not a real calendar date. */
export function parseDay(text: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return NaN;
  const y = +m[1];
  const mo = +m[2];
  const d = +m[3];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return NaN;
  return ms / MS_PER_DAY;
}

/** days since epoch → 'YYYY-MM-DD' (integer arithmetic; no Date per call) */
export function formatDay(day: number): string {
  const ym = monthOf(day);
  const year = Math.floor(ym / 12);
  const month = ym - year * 12 + 1;
  const date = day - firstDayOfMonth(year, month) + 1;
  return `${year}-${month < 10 ? '0' : ''}${month}-${date < 10 ? '0' : ''}${date}`;
}

/** Days since epoch of the 1st of a month (Hinnant's days-from-civil). */
function firstDayOfMonth(year: number, month: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5);
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/** Monday-based week number: 1970-01-05 (a Monday, day 4) starts week 1. */
export function weekOf(day: number): number {
  return Math.floor((day + 3) / 7);
}

/** year·12 + month (0-based) of a day, without allocating (Hinnant's civil-from-days). */
export function monthOf(day: number): number {
  const z = day + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const month = mp < 10 ? mp + 2 : mp - 10; // 0-based, March = 2
  const year = yoe + era * 400 + (month <= 1 ? 1 : 0);
  return year * 12 + month;
}
