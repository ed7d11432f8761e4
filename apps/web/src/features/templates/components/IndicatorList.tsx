import type { Indicator } from '@app/contract';
import { describeCondition, describeRule, MAX_GROUP } from '@app/quant';
import { Badge, Button, Menu } from '../../../components/index.ts';
import { blocksOf, newGroup, numberSpec, rightKinds, shownNumbers, SIDE_TYPES, SIDE_WORDS, type TemplateSide } from '../rowBuilder.ts';
import { TEMPLATE_TEXT } from '../texts.ts';
import type { RowPlace } from './IndicatorForm.tsx';

/** The settings a row's wording leaves out: its inputs as the form names them ("period 14 · drift 1"),
 *  and, for a row compared with a price, which one ("vs close"). */
function details(i: Indicator): string {
  const inputs = shownNumbers(i.name).map((f) => `${numberSpec(i.name, f).label.toLowerCase()} ${i[f]}`);
  const price = !i.against && !i.price_left && rightKinds(i).includes('price') ? [`vs ${i.cprice.toLowerCase()}`] : [];
  return [...inputs, ...price].join(' · ');
}

const ENTRY_TONE = { BUY: 'green', SELL: 'red', SHORT: 'red', COVER: 'green' } as const;

/** What a row's buttons ask for. */
export interface RowActions {
  onAdd: (place: RowPlace) => void;
  onEdit: (i: Indicator) => void;
  onDuplicate: (i: Indicator) => void;
  onMove: (i: Indicator, move: { direction: 'up' | 'down' } | { group: number }) => void;
  onDelete: (i: Indicator) => void;
}

/** A template's rows by side and block: each side (BUY and SELL, or SHORT and COVER) shows its blocks
 *  from the start ("any of these blocks; each block: all of its rows"), each block its rows in the
 *  user's order (a new row goes last), with a button to add a row to it, and the side an "Add an OR
 *  block". Each row can be edited, duplicated, moved up or down in its block, moved to another block,
 *  or deleted. Above them the rule read back in words, one line per side. */
export function IndicatorList({ indicators, side, full, deleting, busy, actions }: {
  indicators: Indicator[]; side: TemplateSide; full: boolean; deleting: number | null; busy: boolean; actions: RowActions;
}) {
  const fresh = newGroup(indicators);
  return (
    <>
      {indicators.length === 0 ? (
        <p className="py-2 text-sm text-slate-500 dark:text-slate-400">{TEMPLATE_TEXT.noIndicators}</p>
      ) : (
        <RuleInWords indicators={indicators} side={side} />
      )}
      {SIDE_TYPES[side].map((type) => {
        const blocks = blocksOf(indicators, type);
        // a side without rows still shows its first block, so the structure is there before the rows
        const shown = blocks.length ? blocks : [{ group: 0, rows: [] as Indicator[] }];
        const headingId = `side-${type}`;
        return (
          <section key={type} aria-labelledby={headingId} className="space-y-2 rounded-md border border-slate-200 p-3 dark:border-slate-800" data-testid={`side-${type}`}>
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h4 id={headingId} className="text-sm font-semibold text-slate-800 dark:text-slate-200">
                {SIDE_WORDS[type]} <span className="font-normal text-slate-500 dark:text-slate-400" data-testid="blocks-rule">{TEMPLATE_TEXT.anyBlock}</span>
              </h4>
              <Button size="sm" variant="secondary" disabled={full || fresh > MAX_GROUP} onClick={() => actions.onAdd({ type, group: fresh })} aria-label={`${TEMPLATE_TEXT.addOrBlock} to ${SIDE_WORDS[type]}`}>
                + {TEMPLATE_TEXT.addOrBlock}
              </Button>
            </div>
            {shown.map((b, k) => (
              <div key={b.group}>
                {k > 0 && <p className="py-1 text-center text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400" aria-hidden="true">or</p>}
                <div role="group" aria-label={`${SIDE_WORDS[type]}, ${TEMPLATE_TEXT.blockTitle(k + 1)}`} className="rounded-md bg-slate-50 px-3 py-2 dark:bg-slate-900/60" data-testid="block">
                  <div className="flex items-center justify-between gap-2">
                    <p className="text-xs font-semibold text-slate-600 dark:text-slate-400">{TEMPLATE_TEXT.blockTitle(k + 1)}</p>
                    <Button size="sm" variant="ghost" disabled={full} onClick={() => actions.onAdd({ type, group: b.group })} aria-label={`${TEMPLATE_TEXT.addRow} to ${SIDE_WORDS[type]} ${TEMPLATE_TEXT.blockTitle(k + 1)}`}>
                      + {TEMPLATE_TEXT.addRow}
                    </Button>
                  </div>
                  {b.rows.length === 0 ? (
                    <p className="py-1 text-sm text-slate-500 dark:text-slate-400">{TEMPLATE_TEXT.emptyBlock}</p>
                  ) : (
                    <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label={`${SIDE_WORDS[type]} ${TEMPLATE_TEXT.blockTitle(k + 1)} rows`}>
                      {b.rows.map((i, n) => (
                        <Row
                          key={i.id}
                          i={i}
                          first={n === 0}
                          last={n === b.rows.length - 1}
                          elsewhere={[
                            ...blocks.map((o, m) => ({ key: String(o.group), label: TEMPLATE_TEXT.blockTitle(m + 1) })).filter((o) => o.key !== String(b.group)),
                            ...(b.rows.length > 1 && fresh <= MAX_GROUP ? [{ key: String(fresh), label: TEMPLATE_TEXT.newBlock }] : []),
                          ]}
                          full={full}
                          busy={busy}
                          deleting={deleting}
                          actions={actions}
                        />
                      ))}
                    </ul>
                  )}
                </div>
              </div>
            ))}
          </section>
        );
      })}
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

function Row({ i, first, last, elsewhere, full, busy, deleting, actions }: {
  i: Indicator; first: boolean; last: boolean; elsewhere: { key: string; label: string }[]; full: boolean; busy: boolean; deleting: number | null; actions: RowActions;
}) {
  const text = describeCondition(i);
  const name = `${i.indicator_type} ${text}`;
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2.5" data-testid="indicator-row" data-row={i.id}>
      <Badge tone={ENTRY_TONE[i.indicator_type]} className="w-14 shrink-0 justify-center">{i.indicator_type}</Badge>
      <div className="min-w-0 flex-1 basis-40">
        <p className="font-mono text-sm font-medium break-words text-slate-900 dark:text-slate-100" data-testid="condition-text">{text}</p>
        {details(i) && <p className="truncate text-xs text-slate-500 dark:text-slate-400">{details(i)}</p>}
      </div>
      <div className="flex flex-wrap items-center gap-1" role="group" aria-label={`Row ${name}`}>
        <Button size="sm" variant="ghost" onClick={() => actions.onEdit(i)} aria-label={`${TEMPLATE_TEXT.editRow} ${name}`} data-action="edit">
          {TEMPLATE_TEXT.editRow}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => actions.onDuplicate(i)} disabled={full || busy} aria-label={`${TEMPLATE_TEXT.duplicate} ${name}`} data-action="duplicate">
          {TEMPLATE_TEXT.duplicate}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => actions.onMove(i, { direction: 'up' })} disabled={first || busy} aria-label={`${TEMPLATE_TEXT.moveUp} ${name}`} data-action="up">
          <span aria-hidden="true">↑</span>
        </Button>
        <Button size="sm" variant="ghost" onClick={() => actions.onMove(i, { direction: 'down' })} disabled={last || busy} aria-label={`${TEMPLATE_TEXT.moveDown} ${name}`} data-action="down">
          <span aria-hidden="true">↓</span>
        </Button>
        {elsewhere.length > 0 && (
          <Menu
            label={TEMPLATE_TEXT.moveToBlock}
            size="sm"
            variant="ghost"
            align="right"
            items={elsewhere}
            onSelect={(g) => actions.onMove(i, { group: Number(g) })}
            className="[&>button]:whitespace-nowrap"
          />
        )}
        <Button size="sm" variant="ghost" onClick={() => actions.onDelete(i)} loading={deleting === i.id} aria-label={`Delete ${name}`} data-action="delete">
          {TEMPLATE_TEXT.delete}
        </Button>
      </div>
    </li>
  );
}
