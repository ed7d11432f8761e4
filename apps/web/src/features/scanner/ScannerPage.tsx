import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { FILTER_TYPES, isFilterComplete, SCANNER_CATEGORIES, SCANNER_PRESETS, type FilterRow, type FilterType, type ScannerCategory } from '@app/contract';
import { Alert, Badge, Button, buttonClass, Card, CardBody, ManyRunLinks, Menu, Page, Select, Spinner, TabPanel, Tabs, textLinkClass } from '../../components/index.ts';
import { useAuth } from '../../lib/auth.tsx';
import { readDraft, useKeptDraft } from '../../lib/sessionDraft.ts';
import { FilterRowEditor } from './components/FilterRowEditor.tsx';
import { QueryMenu, type Notice } from './components/QueryMenu.tsx';
import { ResultsTable } from './components/ResultsTable.tsx';
import { SessionExpiredDialog } from './components/SessionExpiredDialog.tsx';
import { downloadCsv } from '../../lib/csv.ts';
import { csvFileName, resultsCsv } from './csv.ts';
import { addRow, changeRowType, plainRows, removeRow, replaceRow, rowsOf, toEditorRows, type EditorRow } from './filterRows.ts';
import { restoreScannerDraft, SCANNER_DRAFT_KEY } from './filterDraft.ts';
import { BoxErrorReportContext, FilterRowIdContext, RevealBoxErrorsContext, useBoxErrors } from './boxErrors.ts';
import { useSavedQueryLink } from './hooks/useSavedQueryLink.ts';
import { useScanner } from './hooks/useScanner.ts';
import { SCANNER_MESSAGES, SCANNER_TEXT } from './texts.ts';
import { rotationLink, ROTATION_LINK_TEXT } from '../../lib/rotationLink.ts';

const TAB_PREFIX = 'scanner-category';
/** A filter type as the Add-filter menu names it. */
const filterLabel = (type: FilterType) => Object.values(FILTER_TYPES).flat().find((t) => t.type === type)?.label ?? type;

/** /scanner (spec §2, §4, §5, §8, §9): build Basic/TA/FA filters, scan the market, sort, page, save queries. */
export default function ScannerPage() {
  const { isAuthenticated, loading, sessionExpired } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  // Filters built signed out (or as the session expired) come back after the login ("Login to Scan").
  const [category, setCategory] = useState<ScannerCategory>(() => readDraft(SCANNER_DRAFT_KEY, restoreScannerDraft)?.category ?? 'Basic');
  const [rows, setRows] = useState<EditorRow[]>(() => toEditorRows(readDraft(SCANNER_DRAFT_KEY, restoreScannerDraft)?.rows ?? []));
  const [newType, setNewType] = useState<Record<ScannerCategory, FilterType>>({ Basic: 'price', TA: 'sma', FA: 'financial_trend' });
  const [notice, setNotice] = useState<Notice | null>(null);
  const [savedScan, setSavedScan] = useState<{ id: number; name: string } | null>(null);
  const scanner = useScanner();
  const filters = useMemo(() => plainRows(rows), [rows]);
  const draft = useMemo(() => ({ category, rows: filters }), [category, filters]);
  useKeptDraft(SCANNER_DRAFT_KEY, draft, !loading && (!isAuthenticated || sessionExpired));
  const hasResults = scanner.results.length > 0;
  const visible = rowsOf(rows, category);
  // A row goes into the query only when every box of it reads; a scan with any other row is refused
  // at the boxes, so no filter drops out of the query unseen.
  const boxErrors = useBoxErrors();
  const [revealErrors, setRevealErrors] = useState(false);
  const [focusBad, setFocusBad] = useState(0);
  const filtersRef = useRef<HTMLDivElement>(null);
  const needsFix = (r: EditorRow) => boxErrors.badRows.has(r.id) || !isFilterComplete(r.row);
  useEffect(() => {
    if (focusBad) filtersRef.current?.querySelector<HTMLElement>('ul:not([hidden]) [aria-invalid="true"]')?.focus();
  }, [focusBad]);

  // A preset fills the form only: the user still presses Scan (spec §4).
  const applyPreset = (key: string) => {
    const preset = SCANNER_PRESETS.find((p) => p.key === key);
    if (!preset) return;
    setRows(toEditorRows(preset.rows));
    setCategory(preset.rows[0].category);
    setNotice({ tone: 'success', text: SCANNER_TEXT.presetLoaded(preset.name) });
  };

  const loadQuery = (loaded: FilterRow[], name: string, id: number) => {
    setSavedScan({ id, name });
    setRows(toEditorRows(loaded));
    if (loaded.length) setCategory(loaded[0].category);
    setNotice({ tone: 'success', text: SCANNER_TEXT.loaded(name) });
  };
  // A scan alert's notification links to /scanner?template=ID: load that saved query.
  useSavedQueryLink(isAuthenticated, loadQuery, () => setNotice({ tone: 'error', text: SCANNER_TEXT.loadFailed }));

  const scan = () => {
    const bad = rows.find(needsFix);
    if (bad) {
      setRevealErrors(true);
      setCategory(bad.row.category);
      setFocusBad((n) => n + 1);
      setNotice({ tone: 'error', text: SCANNER_TEXT.fixBeforeScan });
      return;
    }
    setRevealErrors(false);
    setNotice(null);
    void scanner.scan(filters);
  };

  return (
    <Page
      title={SCANNER_TEXT.title}
      intro={SCANNER_TEXT.intro}
      width="7xl"
      actions={
        <>
          <Menu
            label={SCANNER_TEXT.presets}
            align="right"
            items={SCANNER_PRESETS.map((p) => ({ key: p.key, label: p.name, description: p.description }))}
            onSelect={applyPreset}
          />
          {isAuthenticated && (
            <QueryMenu
              rows={filters}
              onNotice={setNotice}
              onLoad={loadQuery}
            />
          )}
        </>
      }
    >

      <Card className="mt-6">
        <CardBody>
          <h2 className="sr-only">{SCANNER_TEXT.filters}</h2>
          <Tabs
            label={SCANNER_TEXT.categories}
            idPrefix={TAB_PREFIX}
            value={category}
            onChange={setCategory}
            items={SCANNER_CATEGORIES.map((c) => {
              // the count is what the scan sends; rows it cannot send are counted apart, in red
              const inTab = rowsOf(rows, c);
              const toFix = inTab.filter(needsFix).length;
              const sent = inTab.length - toFix;
              const extra = (
                <>
                  {sent > 0 && <Badge tone="blue">{sent}</Badge>}
                  {toFix > 0 && <Badge tone="red">{SCANNER_TEXT.toFix(toFix)}</Badge>}
                </>
              );
              return { value: c, label: c, extra: sent || toFix ? extra : undefined };
            })}
          />
          <TabPanel value={category} idPrefix={TAB_PREFIX} className="pt-4">
            {/* every tab's rows stay mounted (hidden), so a box keeps the text it cannot read and its
                error across tab switches */}
            <BoxErrorReportContext.Provider value={boxErrors.report}>
              <RevealBoxErrorsContext.Provider value={revealErrors}>
                <div ref={filtersRef}>
                  {SCANNER_CATEGORIES.map((c) => {
                    const inTab = rowsOf(rows, c);
                    return (
                      inTab.length > 0 && (
                        <ul key={c} className="space-y-3" aria-label={`${c} filters`} hidden={c !== category}>
                          {inTab.map(({ id, row }) => (
                            <FilterRowIdContext.Provider key={id} value={id}>
                              <FilterRowEditor
                                row={row}
                                onChange={(r) => setRows((rs) => replaceRow(rs, id, r))}
                                onChangeType={(t) => setRows((rs) => changeRowType(rs, id, t))}
                                onRemove={() => setRows((rs) => removeRow(rs, id))}
                              />
                            </FilterRowIdContext.Provider>
                          ))}
                        </ul>
                      )
                    );
                  })}
                </div>
              </RevealBoxErrorsContext.Provider>
            </BoxErrorReportContext.Provider>
            {visible.length === 0 && (
              <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500 dark:border-slate-700 dark:text-slate-400">
                {SCANNER_TEXT.noFiltersInCategory(category)}
              </p>
            )}
            <div className="mt-4 flex flex-wrap items-end gap-3">
              <Select
                label={`New ${category} filter`}
                value={newType[category]}
                options={FILTER_TYPES[category].map((t) => ({ value: t.type, label: t.label }))}
                onChange={(e) => setNewType((n) => ({ ...n, [category]: e.target.value as FilterType }))}
                wrapperClassName="w-full sm:w-auto"
              />
              <Button variant="secondary" onClick={() => setRows((rs) => addRow(rs, newType[category]))} className="w-full sm:w-auto">
                {SCANNER_TEXT.addFilter}
              </Button>
            </div>
          </TabPanel>

          <div className="mt-6 flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
            {isAuthenticated || loading ? (
              <Button onClick={scan} loading={scanner.scanning} disabled={loading || (!rows.length && !hasResults)} className="w-full sm:w-auto sm:min-w-32">
                {hasResults ? SCANNER_TEXT.rescan : SCANNER_TEXT.scan}
              </Button>
            ) : (
              <>
                <Button onClick={() => navigate('/login', { state: { from: location } })} className="w-full sm:w-auto">
                  {SCANNER_TEXT.loginToScan}
                </Button>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {SCANNER_TEXT.signInPrompt}{' '}
                  <Link to="/login" state={{ from: location }} className={textLinkClass}>
                    {SCANNER_TEXT.signInLink}
                  </Link>
                </p>
              </>
            )}
            {isAuthenticated && savedScan && (
              <div className="flex flex-wrap items-center gap-2 sm:ml-auto" data-testid="saved-scan-runs">
                <span className="text-sm text-slate-600 dark:text-slate-400">{SCANNER_TEXT.savedScanRuns(savedScan.name)}</span>
                <ManyRunLinks link={{ scanId: savedScan.id }} />
                <Link to={rotationLink({ scanId: savedScan.id })} className={buttonClass('secondary', 'sm')}>{ROTATION_LINK_TEXT.fromScan}</Link>
              </div>
            )}
          </div>
        </CardBody>
      </Card>

      {notice && (
        <Alert tone={notice.tone} className="mt-4" action={<Button variant="ghost" size="sm" onClick={() => setNotice(null)}>{SCANNER_TEXT.dismiss}</Button>}>
          {notice.text}
        </Alert>
      )}

      <section className="mt-8" aria-labelledby="scanner-results-title" aria-busy={scanner.scanning}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="scanner-results-title" className="text-lg font-semibold text-slate-900 dark:text-white">
            {SCANNER_TEXT.results}
          </h2>
          {hasResults && !scanner.scanning && (
            <Button variant="secondary" size="sm" onClick={() => downloadCsv(resultsCsv(scanner.results, scanner.indicators), csvFileName())}>
              {SCANNER_TEXT.exportCsv}
            </Button>
          )}
        </div>
        <div className="mt-3 space-y-3">
          {scanner.scanning ? (
            <p role="status" className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300" data-testid="scan-status">
              <Spinner className="text-blue-600" />
              {SCANNER_MESSAGES.scanning}
            </p>
          ) : scanner.error ? (
            <Alert tone="error">{scanner.error}</Alert>
          ) : hasResults ? (
            <p role="status" className="text-sm font-medium text-slate-700 dark:text-slate-300" data-testid="scan-status">
              {SCANNER_MESSAGES.stocksFound(scanner.count)}
            </p>
          ) : (
            <>
              <p className="rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-500 dark:border-slate-700 dark:text-slate-400" data-testid="scan-status">
                {SCANNER_MESSAGES.noResults}
              </p>
              {scanner.scanned && scanner.emptyReason && (
                <p role="status" className="text-center text-sm text-slate-700 dark:text-slate-300" data-testid="scan-empty-reason">
                  {SCANNER_TEXT.emptyReason(filterLabel(scanner.emptyReason.filter), scanner.emptyReason.removed, scanner.emptyReason.total)}
                </p>
              )}
            </>
          )}
          {hasResults && (
            <div className={scanner.scanning ? 'pointer-events-none opacity-50' : undefined}>
              <ResultsTable results={scanner.results} indicators={scanner.indicators} sort={scanner.sort} onSort={(f) => scanner.changeSort(f, filters)} disabled={scanner.scanning || scanner.loadingMore} />
            </div>
          )}
          {scanner.loadMoreError && <Alert tone="error">{scanner.loadMoreError}</Alert>}
          {scanner.next && !scanner.scanning && (
            <div className="flex justify-center">
              <Button variant="secondary" onClick={() => void scanner.loadMore()} loading={scanner.loadingMore} className="w-full sm:w-auto">
                {SCANNER_TEXT.loadMore}
              </Button>
            </div>
          )}
        </div>
      </section>

      <SessionExpiredDialog />
    </Page>
  );
}
