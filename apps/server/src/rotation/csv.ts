// A finished rotation's orders and holdings as CSV files (RFC 4180: comma separated, CRLF lines, a
// field with a comma, quote or line break quoted). Symbols come from outside data, so text a spreadsheet
// would run as a formula gets a leading apostrophe.
import { ROTATION_CSV, type RotationResult } from '@app/contract';

type Cell = string | number | null | undefined;

function cell(v: Cell): string {
  if (v === null || v === undefined || (typeof v === 'number' && !Number.isFinite(v))) return '';
  let s = typeof v === 'number' ? String(Number.isInteger(v) ? v : Number(v.toPrecision(12))) : v;
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const csv = (header: readonly string[], rows: Cell[][]) => [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';

export function ordersCsv(r: RotationResult): string {
  return csv(ROTATION_CSV.orders, r.orders.map((o) => [o.date, o.symbol, o.side, o.shares, o.price, o.reason ?? '']));
}

export function holdingsCsv(r: RotationResult): string {
  return csv(
    ROTATION_CSV.holdings,
    r.rebalances.flatMap((rb) => rb.holdings.map((h) => [rb.date, rb.fill_date, h.symbol, h.action, h.side, h.shares, h.price, h.score, h.rank, h.weight, h.reason])),
  );
}
