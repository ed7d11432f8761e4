// The stock scanner's contract (spec §2 Stock Scanner, §3, §5, §7, §9; ARCHITECTURE.md "Scanner semantics"):
// the constants and messages, the filter rows the screen edits, the saved filters the server stores, the
// query string the screen sends and the server validates, and the result page. The codec between the three
// shapes lives here so the server and the web app cannot disagree:
//
//   FilterRow (screen)  ⇄  SavedFilter (spec §3, stored)      rowToSavedFilter / savedFilterToRow
//   FilterRow[]          →  query string (spec §7)             buildScanQuery
//   query string         →  ScanQuery (validated) → FilterRow[] parseScanQuery / scanQueryToRows
export * from './vocabulary.ts';
export * from './rows.ts';
export * from './indicatorFilters.ts';
export * from './savedFilters.ts';
export * from './queryCodec.ts';
export * from './results.ts';
export * from './indicatorColumns.ts';
export * from './presets.ts';
