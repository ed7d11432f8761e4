import type { Indicator } from '@app/contract';
import { describeCondition, describeRule } from '@app/quant';
import { Badge, Button } from '../../../components/index.ts';
import { blocksOf, numberSpec, rightKinds, shownNumbers, SIDE_TYPES, type TemplateSide } from '../rowBuilder.ts';
import { TEMPLATE_TEXT } from '../texts.ts';

/** The settings a row's wording leaves out: its inputs as the form names them ("period 14 · drift 1"),
 *  and, for a row compared with a price, which one ("vs close"). */
function details(i: Indicator): string {
  const inputs = shownNumbers(i.name).map((f) => `${numberSpec(i.name, f).label.toLowerCase()} ${i[f]}`);
  const price = !i.against && rightKinds(i).includes('price') ? [`vs ${i.cprice.toLowerCase()}`] : [];
  return [...inputs, ...price].join(' · ');
}

const ENTRY_TONE = { BUY: 'green', SELL: 'red', SHORT: 'red', COVER: 'green' } as const;

/** A template's rows in the order they were added (spec §4: a new row is appended), each with a
 *  Delete button and, where a side has several blocks (OR groups), its block; above them the rule
 *  read back in words, one line per side ("BUY when SMA(50) crosses above SMA(200)"), a side with
 *  several blocks explained as "any of these blocks, each block all of its rows". */
export function IndicatorList({ indicators, side, onDelete, deleting }: {
  indicators: Indicator[]; side: TemplateSide; onDelete: (i: Indicator) => void; deleting: number | null;
}) {
  if (indicators.length === 0) return <p className="py-2 text-sm text-slate-500 dark:text-slate-400">{TEMPLATE_TEXT.noIndicators}</p>;
  const sorted = [...indicators].sort((a, b) => a.id - b.id);
  const blockNo = new Map<number, string>();
  for (const type of SIDE_TYPES[side]) {
    const blocks = blocksOf(sorted, type);
    if (blocks.length > 1) blocks.forEach((b, k) => b.rows.forEach((r) => blockNo.set(r.id, `block ${k + 1}`)));
  }
  return (
    <>
      <RuleInWords indicators={sorted} side={side} />
      <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label="Indicators">
        {sorted.map((i) => <Row key={i.id} i={i} block={blockNo.get(i.id)} onDelete={onDelete} deleting={deleting} />)}
      </ul>
    </>
  );
}

/** Each side of the rule in words, as the engine reads it (quant's describeRule). */
function RuleInWords({ indicators, side }: { indicators: Indicator[]; side: TemplateSide }) {
  return (
    <div className="space-y-1 rounded-md bg-slate-100 px-3 py-2 text-sm dark:bg-slate-800" data-testid="rule-in-words">
      {SIDE_TYPES[side].map((type) => {
        const blocks = blocksOf(indicators, type).length;
        return (
          <p key={type} className="break-words">
            <span className="font-mono font-medium" data-testid="rule-text">{describeRule({ indicators }, type)}</span>
            {blocks > 1 && <span className="text-slate-500 dark:text-slate-400"> — {TEMPLATE_TEXT.anyBlock}</span>}
          </p>
        );
      })}
    </div>
  );
}

function Row({ i, block, onDelete, deleting }: { i: Indicator; block?: string; onDelete: (i: Indicator) => void; deleting: number | null }) {
  const text = describeCondition(i);
  return (
    <li className="flex items-center gap-3 py-2.5" data-testid="indicator-row">
      <Badge tone={ENTRY_TONE[i.indicator_type]} className="w-14 shrink-0 justify-center">{i.indicator_type}</Badge>
      <div className="min-w-0 flex-1">
        <p className="font-mono text-sm font-medium break-words text-slate-900 dark:text-slate-100" data-testid="condition-text">{text}</p>
        <p className="truncate text-xs text-slate-500 dark:text-slate-400">{[block, details(i)].filter(Boolean).join(' · ')}</p>
      </div>
      <Button size="sm" variant="ghost" onClick={() => onDelete(i)} loading={deleting === i.id} aria-label={`Delete ${i.indicator_type} ${text}`}>
        {TEMPLATE_TEXT.delete}
      </Button>
    </li>
  );
}
