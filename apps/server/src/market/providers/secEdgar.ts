import type { FundamentalMetric, FundamentalPeriod } from '../repository.ts';
import { fetchJson, mapLimited } from './http.ts';
import type { FundamentalsItem, Provider } from './types.ts';

// SEC EDGAR XBRL company facts → the 28 fundamentals, per quarter and per fiscal year.
//   {files}/files/company_tickers.json          {"0": {"cik_str": 320193, "ticker": "AAPL", "title": "Apple Inc."}, …}
//   {data}/api/xbrl/companyfacts/CIK##########.json
//     {cik, entityName, facts: {"us-gaap": {Tag: {units: {USD: [{start?, end, val, fy, fp, form, filed, frame?}]}}}}}
// The SEC asks every client to send a User-Agent naming who it is (SEC_USER_AGENT) and to stay under
// 10 requests a second.
//
// Periods. Only 10-K/10-Q (and amendments) facts count; for the same period the latest filing wins.
// Flow facts (income, cash flow) have start and end: ~1 year (350–380 days) → ANNUAL at `end`;
// ~1 quarter (80–100 days) → QUARTERLY at `end`. Filers report cash flows year-to-date (6 and 9
// months) and the fourth quarter only inside the fiscal year, so a missing quarter is derived as
// YTD(start, end) − YTD(start, previous quarter end) with the same start. Balance-sheet facts are
// instants, taken at each period's end.
//
// Which tags feed each metric (the first tag that has a value for the period wins):
const TAGS = {
  revenue: ['Revenues', 'RevenueFromContractWithCustomerExcludingAssessedTax', 'RevenueFromContractWithCustomerIncludingAssessedTax', 'SalesRevenueNet', 'SalesRevenueGoodsNet'],
  netincome: ['NetIncomeLoss', 'ProfitLoss', 'NetIncomeLossAvailableToCommonStockholdersBasic'],
  epsbasic: ['EarningsPerShareBasic', 'EarningsPerShareBasicAndDiluted'],
  epsdiluted: ['EarningsPerShareDiluted', 'EarningsPerShareBasicAndDiluted'],
  operatingcashflow: ['NetCashProvidedByUsedInOperatingActivities', 'NetCashProvidedByUsedInOperatingActivitiesContinuingOperations'],
  capex: ['PaymentsToAcquirePropertyPlantAndEquipment', 'PaymentsToAcquireProductiveAssets'],
  grossprofit: ['GrossProfit'],
  costofrevenue: ['CostOfRevenue', 'CostOfGoodsAndServicesSold', 'CostOfGoodsSold'],
  operatingincome: ['OperatingIncomeLoss'],
  pretaxincome: ['IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest', 'IncomeLossFromContinuingOperationsBeforeIncomeTaxesMinorityInterestAndIncomeLossFromEquityMethodInvestments'],
  incometax: ['IncomeTaxExpenseBenefit'],
  interestexpense: ['InterestExpense', 'InterestExpenseNonoperating', 'InterestExpenseDebt'],
  depreciation: ['DepreciationDepletionAndAmortization', 'DepreciationAndAmortization', 'DepreciationAmortizationAndAccretionNet', 'Depreciation'],
  investingcashflow: ['NetCashProvidedByUsedInInvestingActivities', 'NetCashProvidedByUsedInInvestingActivitiesContinuingOperations'],
  financingcashflow: ['NetCashProvidedByUsedInFinancingActivities', 'NetCashProvidedByUsedInFinancingActivitiesContinuingOperations'],
  netcashflow: ['CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalentsPeriodIncreaseDecreaseIncludingExchangeRateEffect', 'CashAndCashEquivalentsPeriodIncreaseDecrease'],
  // instants (balance sheet)
  totalassets: ['Assets'],
  currentassets: ['AssetsCurrent'],
  currentliabilities: ['LiabilitiesCurrent'],
  totalliabilities: ['Liabilities'],
  liabilitiesandequity: ['LiabilitiesAndStockholdersEquity'],
  totalequity: ['StockholdersEquity', 'StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest'],
  cash: ['CashAndCashEquivalentsAtCarryingValue', 'CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents', 'Cash'],
  shortterminvestments: ['ShortTermInvestments', 'MarketableSecuritiesCurrent', 'AvailableForSaleSecuritiesDebtSecuritiesCurrent'],
  receivables: ['AccountsReceivableNetCurrent', 'ReceivablesNetCurrent'],
  longtermdebt: ['LongTermDebt'], // total, current portion included
  longtermdebtnoncurrent: ['LongTermDebtNoncurrent'],
  longtermdebtcurrent: ['LongTermDebtCurrent'],
  shorttermdebt: ['ShortTermBorrowings', 'CommercialPaper', 'DebtCurrent'],
} as const;
type Item = keyof typeof TAGS;
const INSTANTS = new Set<Item>([
  'totalassets', 'currentassets', 'currentliabilities', 'totalliabilities', 'liabilitiesandequity', 'totalequity', 'cash',
  'shortterminvestments', 'receivables', 'longtermdebt', 'longtermdebtnoncurrent', 'longtermdebtcurrent', 'shorttermdebt',
]);
// Derived metrics (computed per period from the items above; null when an input is missing):
//   fcf              = operatingcashflow − capex
//   grossprofit      = GrossProfit, else revenue − costofrevenue
//   ebit             = netincome + incometax + interestexpense (interest 0 when not reported), else operatingincome
//   ebitda           = ebit + depreciation
//   totalliabilities = Liabilities, else LiabilitiesAndStockholdersEquity − totalequity
//   totalcash        = cash + shortterminvestments (0 when not reported)
//   debt             = LongTermDebt, else LongTermDebtNoncurrent + LongTermDebtCurrent; plus short-term debt
//   netcash          = totalcash − debt
//   workingcapital   = currentassets − currentliabilities
//   netcashflow      = reported change in cash, else operating + investing + financing cash flow
//   operatingmargin  = operatingincome / revenue × 100          (percent)
//   netprofitmargin  = netincome / revenue × 100                 (percent)
//   roe              = netincome / totalequity × 100             (percent, of the period, not annualised)
//   roa              = netincome / totalassets × 100             (percent)
//   roic             = operatingincome × (1 − tax rate) / (totalequity + debt − totalcash) × 100, tax rate =
//                      incometax / pretaxincome clamped to 0–1, 21 % when unknown           (percent)
//   debttoequity     = debt / totalequity                        (ratio)
//   currentratio     = currentassets / currentliabilities        (ratio)
//   quickratio       = (cash + shortterminvestments + receivables) / currentliabilities (ratio)

interface Fact { start?: string; end: string; val: number; form?: string; filed?: string }
type CompanyFacts = { facts?: Record<string, Record<string, { units?: Record<string, Fact[]> }>> };

const FORMS = /^10-[KQ](\/A)?$/;
const daysBetween = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86_400_000;
const isYear = (d: number) => d >= 350 && d <= 380;
const isQuarter = (d: number) => d >= 80 && d <= 100;

/** Values of one item: flows keyed "start|end", instants keyed "end" (latest filing wins). */
function itemFacts(facts: CompanyFacts, tag: string): Map<string, number> | null {
  const units = facts.facts?.['us-gaap']?.[tag]?.units;
  if (!units) return null;
  const list = units.USD ?? units['USD/shares'] ?? Object.values(units)[0];
  if (!list?.length) return null;
  const best = new Map<string, Fact>();
  for (const f of list) {
    if (f.form && !FORMS.test(f.form)) continue;
    if (typeof f.val !== 'number') continue;
    const key = f.start ? `${f.start}|${f.end}` : f.end;
    const prev = best.get(key);
    if (!prev || (f.filed ?? '') >= (prev.filed ?? '')) best.set(key, f);
  }
  return new Map([...best].map(([k, f]) => [k, f.val]));
}

/** Flow values per period end: directly reported, or derived from year-to-date figures. */
function flowsByPeriod(values: Map<string, number>) {
  const annual = new Map<string, number>();
  const quarterly = new Map<string, number>();
  const byStart = new Map<string, Array<[string, number]>>();
  for (const [k, v] of values) {
    const [start, end] = k.split('|');
    const d = daysBetween(start, end);
    if (isYear(d)) annual.set(end, v);
    if (isQuarter(d)) quarterly.set(end, v);
    let l = byStart.get(start);
    if (!l) byStart.set(start, (l = []));
    l.push([end, v]);
  }
  for (const list of byStart.values()) {
    list.sort((a, b) => (a[0] < b[0] ? -1 : 1));
    for (let i = 1; i < list.length; i++) {
      const [end, v] = list[i];
      const [prevEnd, pv] = list[i - 1];
      if (!quarterly.has(end) && isQuarter(daysBetween(prevEnd, end))) quarterly.set(end, v - pv);
    }
  }
  return { annual, quarterly };
}

/** Maps one company's facts to quarterly and annual periods of the 28 metrics. */
export function mapCompanyFacts(facts: CompanyFacts, symbol: string): FundamentalPeriod[] {
  const raw: Record<'QUARTERLY' | 'ANNUAL', Map<string, Partial<Record<Item, number>>>> = { QUARTERLY: new Map(), ANNUAL: new Map() };
  const instants = new Map<Item, Map<string, number>>();
  const set = (type: 'QUARTERLY' | 'ANNUAL', end: string, item: Item, v: number) => {
    let p = raw[type].get(end);
    if (!p) raw[type].set(end, (p = {}));
    if (p[item] === undefined) p[item] = v; // earlier tags in the list have priority
  };
  for (const item of Object.keys(TAGS) as Item[]) {
    for (const tag of TAGS[item]) {
      const values = itemFacts(facts, tag);
      if (!values) continue;
      if (INSTANTS.has(item)) {
        let m = instants.get(item);
        if (!m) instants.set(item, (m = new Map()));
        for (const [end, v] of values) if (!end.includes('|') && !m.has(end)) m.set(end, v);
      } else {
        const { annual, quarterly } = flowsByPeriod(new Map([...values].filter(([k]) => k.includes('|'))));
        for (const [end, v] of annual) set('ANNUAL', end, item, v);
        for (const [end, v] of quarterly) set('QUARTERLY', end, item, v);
      }
    }
  }
  const out: FundamentalPeriod[] = [];
  for (const type of ['QUARTERLY', 'ANNUAL'] as const) {
    for (const [end, p] of [...raw[type]].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
      for (const [item, m] of instants) if (m.has(end)) p[item] = m.get(end);
      out.push({ symbol, period_type: type, period_end: end, values: derive(p) });
    }
  }
  return out;
}

const n = (x: number | undefined) => (x === undefined || !Number.isFinite(x) ? null : x);
const div = (a: number | null, b: number | null, scale = 1) => (a === null || b === null || b === 0 ? null : (a / b) * scale);
const sub = (a: number | null, b: number | null) => (a === null || b === null ? null : a - b);

function derive(p: Partial<Record<Item, number>>): Partial<Record<FundamentalMetric, number | null>> {
  const revenue = n(p.revenue);
  const netincome = n(p.netincome);
  const operatingincome = n(p.operatingincome);
  const totalequity = n(p.totalequity);
  const totalassets = n(p.totalassets);
  const currentliabilities = n(p.currentliabilities);
  const ocf = n(p.operatingcashflow);
  const icf = n(p.investingcashflow);
  const fincf = n(p.financingcashflow);
  const ebit = netincome !== null && p.incometax !== undefined ? netincome + p.incometax + (p.interestexpense ?? 0) : operatingincome;
  const cash = n(p.cash);
  const totalcash = cash === null ? null : cash + (p.shortterminvestments ?? 0);
  const ltd = p.longtermdebt ?? (p.longtermdebtnoncurrent !== undefined || p.longtermdebtcurrent !== undefined ? (p.longtermdebtnoncurrent ?? 0) + (p.longtermdebtcurrent ?? 0) : undefined);
  const debt = ltd === undefined && p.shorttermdebt === undefined ? null : (ltd ?? 0) + (p.shorttermdebt ?? 0);
  const taxRate = p.incometax !== undefined && p.pretaxincome ? Math.min(1, Math.max(0, p.incometax / p.pretaxincome)) : 0.21;
  const invested = totalequity === null ? null : totalequity + (debt ?? 0) - (totalcash ?? 0);
  return {
    revenue,
    netincome,
    epsbasic: n(p.epsbasic),
    epsdiluted: n(p.epsdiluted),
    operatingcashflow: ocf,
    fcf: sub(ocf, n(p.capex)),
    grossprofit: n(p.grossprofit) ?? sub(revenue, n(p.costofrevenue)),
    operatingincome,
    ebit,
    ebitda: ebit === null || p.depreciation === undefined ? null : ebit + p.depreciation,
    totalassets,
    currentliabilities,
    totalliabilities: n(p.totalliabilities) ?? sub(n(p.liabilitiesandequity), totalequity),
    totalequity,
    totalcash,
    netcash: totalcash === null ? null : totalcash - (debt ?? 0),
    workingcapital: sub(n(p.currentassets), currentliabilities),
    investingcashflow: icf,
    financingcashflow: fincf,
    netcashflow: n(p.netcashflow) ?? (ocf !== null && icf !== null && fincf !== null ? ocf + icf + fincf : null),
    operatingmargin: div(operatingincome, revenue, 100),
    netprofitmargin: div(netincome, revenue, 100),
    roe: div(netincome, totalequity, 100),
    roa: div(netincome, totalassets, 100),
    roic: operatingincome === null || invested === null || invested <= 0 ? null : (operatingincome * (1 - taxRate) / invested) * 100,
    debttoequity: debt === null ? null : div(debt, totalequity),
    currentratio: div(n(p.currentassets), currentliabilities),
    quickratio: cash === null ? null : div(cash + (p.shortterminvestments ?? 0) + (p.receivables ?? 0), currentliabilities),
  };
}

/** company_tickers.json → ticker (dot spelling) → zero-padded CIK. */
export function parseCompanyTickers(json: unknown): Map<string, string> {
  const out = new Map<string, string>();
  for (const row of Object.values((json ?? {}) as Record<string, { cik_str?: number; ticker?: string }>)) {
    if (!row?.ticker || row.cik_str === undefined) continue;
    out.set(row.ticker.toUpperCase().replace('-', '.'), String(row.cik_str).padStart(10, '0'));
  }
  return out;
}

export function secEdgarProvider(opts: { filesUrl: string; dataUrl: string; userAgent: string }): Provider {
  const headers = { 'user-agent': opts.userAgent, accept: 'application/json' };
  return {
    name: 'sec-edgar',
    async *fundamentals(symbols: string[]) {
      const tickersUrl = `${opts.filesUrl}/files/company_tickers.json`;
      let ciks: Map<string, string>;
      try {
        ciks = parseCompanyTickers(await fetchJson(tickersUrl, { headers }));
      } catch (e) {
        for (const symbol of symbols) yield { source: tickersUrl, provider: 'sec-edgar', symbol, periods: null, problems: [(e as Error).message] };
        return;
      }
      // Two in flight and a pause keep us well under the SEC's 10 requests per second.
      yield* mapLimited(symbols, 2, async (symbol): Promise<FundamentalsItem> => {
        const cik = ciks.get(symbol);
        if (!cik) return { source: tickersUrl, provider: 'sec-edgar', symbol, periods: null, problems: ['unknown symbol: not in the SEC ticker list'] };
        const url = `${opts.dataUrl}/api/xbrl/companyfacts/CIK${cik}.json`;
        try {
          const facts = await fetchJson<CompanyFacts>(url, { headers });
          await new Promise((r) => setTimeout(r, 150));
          if (!facts?.facts) return { source: url, provider: 'sec-edgar', symbol, periods: null, problems: ['not a company facts answer'] };
          const periods = mapCompanyFacts(facts, symbol);
          return { source: url, provider: 'sec-edgar', symbol, periods, problems: periods.length ? [] : ['no 10-K/10-Q figures'] };
        } catch (e) {
          return { source: url, provider: 'sec-edgar', symbol, periods: null, problems: [(e as Error).message] };
        }
      });
    },
  };
}
