// A finished rotation's orders and holdings as CSV files, written as every CSV of the app is
// (packages/contract csv.ts: RFC 4180, formula-looking text defused).
import { ROTATION_CSV, toCsv as csv, type RotationResult } from '@app/contract';

export function ordersCsv(r: RotationResult): string {
  return csv(ROTATION_CSV.orders, r.orders.map((o) => [o.date, o.symbol, o.side, o.shares, o.price, o.reason ?? '']));
}

export function holdingsCsv(r: RotationResult): string {
  return csv(
    ROTATION_CSV.holdings,
    r.rebalances.flatMap((rb) => rb.holdings.map((h) => [rb.date, rb.fill_date, h.symbol, h.action, h.side, h.shares, h.price, h.score, h.rank, h.weight, h.reason])),
  );
}
