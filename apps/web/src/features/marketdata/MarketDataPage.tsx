import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert, Badge, Button, Card, CardBody, CardHeader, Loading, Page } from '../../components/index.ts';
import { useMarketStatus } from '../../lib/marketStatus.ts';
import { DEMO_DATA_BADGE } from '../../lib/meta.ts';
import { count, MARKET_DATA_TEXT as T, utcTime } from './texts.ts';

/** /market-data: what market is loaded, how to load real data, and what the daily update does. */
export default function MarketDataPage() {
  return (
    <Page title={T.title} intro={T.intro} width="5xl">
      <div className="space-y-6">
        <LoadedMarket />
        <Card>
          <CardHeader title={T.loadTitle} />
          <CardBody className="space-y-3 text-sm text-slate-700 dark:text-slate-300">
            <p>{T.loadIntro}</p>
            {T.loadSteps.map((s) => (
              <div key={s.command} className="space-y-1">
                <p>{s.label}</p>
                <Command text={s.command} />
              </div>
            ))}
            <p>{T.embeddedNote}</p>
          </CardBody>
        </Card>
        <Card>
          <CardHeader title={T.formatTitle} />
          <CardBody className="space-y-3 text-sm text-slate-700 dark:text-slate-300">
            <p>{T.formatIntro}</p>
            <Command text={T.formatHeader} />
            {/* focusable: on a phone the example scrolls sideways, and a keyboard must reach it */}
            <pre data-testid="csv-example" tabIndex={0} role="region" aria-label="Example file" className="overflow-x-auto rounded-md focus:ring-2 focus:ring-blue-500/50 focus:outline-none bg-slate-100 px-3 py-2 font-mono text-xs text-slate-900 dark:bg-slate-800 dark:text-slate-100">
              {T.formatExample.join('\n')}
            </pre>
            <ul className="list-disc space-y-1 pl-5">
              {T.formatRules.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
            <p>{T.formatMore}</p>
            <Command text={T.formatMoreCommand} />
            <p className="text-xs text-slate-500 dark:text-slate-400">{T.formatMoreDoc}</p>
          </CardBody>
        </Card>
        <Card>
          <CardHeader title={T.updateTitle} />
          <CardBody className="space-y-2 text-sm leading-relaxed text-slate-700 dark:text-slate-300">
            {T.updateParagraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </CardBody>
        </Card>
      </div>
    </Page>
  );
}

function LoadedMarket() {
  const q = useMarketStatus();
  if (q.isPending) return <Loading />;
  if (q.isError) return <Alert tone="error">{T.failed}</Alert>;
  const s = q.data;
  const rows: Array<[string, ReactNode]> = [
    [T.listings, <span data-testid="market-listings">{count(s.listings)}</span>],
    [T.dateRange, s.first_date && s.last_date ? `${s.first_date} to ${s.last_date}` : T.noBars],
    [T.lastUpdate, s.updated_at ? utcTime(s.updated_at) : T.never],
    [T.source, s.source],
  ];
  if (s.most_traded.length)
    rows.push([
      T.mostTraded,
      <span className="flex flex-wrap gap-2">
        {s.most_traded.map((sym) => (
          <Link key={sym} to={`/chart/${encodeURIComponent(sym)}`} className="font-mono font-semibold text-blue-700 underline dark:text-blue-300">
            {sym}
          </Link>
        ))}
      </span>,
    ]);
  return (
    <Card>
      <CardHeader title={T.loadedTitle} actions={s.demo ? <Badge tone="amber">{DEMO_DATA_BADGE}</Badge> : undefined} />
      <CardBody className="space-y-3 text-sm text-slate-700 dark:text-slate-300">
        <p>{s.demo ? T.demoLoaded : T.realLoaded}</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium text-slate-900 dark:text-slate-100">{label}</dt>
              <dd className="min-w-0 break-words">{value}</dd>
            </div>
          ))}
        </dl>
      </CardBody>
    </Card>
  );
}

/** A command to paste into a terminal, with a Copy button. */
function Command({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard?.writeText(text).then(() => {
      setCopied(true);
      window.setTimeout(() => setCopied(false), 1500);
    });
  };
  return (
    <div className="flex items-start gap-2">
      <pre className="min-w-0 flex-1 overflow-x-auto rounded-md bg-slate-100 px-3 py-2 font-mono text-xs whitespace-pre-wrap break-all text-slate-900 dark:bg-slate-900 dark:text-slate-100">
        <code>{text}</code>
      </pre>
      <Button variant="secondary" size="sm" onClick={copy}>
        {copied ? T.copied : T.copy}
      </Button>
    </div>
  );
}
