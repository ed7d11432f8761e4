// @app/server/testing: what browser tests and benchmarks may use of the server, one declared entry
// instead of paths into apps/server/src. Test helpers first, then the engines the benchmarks time.
export { dbKinds, emptyPostgres, freshDb, signedInAs, testApp, type TestApp } from './testApp.ts';
export { resetLinkIn, startTestMailbox, type TestMailbox } from './mailbox.ts';
export { copyMigratedDataDir, DATA_DIR_TEMPLATE_ENV, migratedDataDir } from './templateDb.ts';
export { XSS_PAYLOADS, unsafeParts } from './xssPayloads.ts';

export { buildApp } from '../app.ts';
export { loadConfig } from '../config.ts';
export { emptyBars, isoFromDay } from '../market/barChunks.ts';
export { demoListings, lastWeekdayBefore } from '../market/demo/generate.ts';
export { seedDemoMarket } from '../market/demo/seed.ts';
export { Rng } from '../market/demo/random.ts';
export { runImport } from '../market/importer/runImport.ts';
export { csvProvider, readBarsFile } from '../market/providers/csvFiles.ts';
export { replaceBars, upsertSymbols } from '../market/repository.ts';
export { SeriesCache, type SeriesEntry } from '../market/seriesCache.ts';
export { memberItems } from '../universe/items.ts';
export { openQueue, type JobQueue } from '../jobs/queue.ts';
export { getBatch, registerBatchKind, startBatch, startBatchWorkers } from '../jobs/batch.ts';
export { EnginePool } from '../engine/pool.ts';
export { evaluateGrid, evaluateGridBlocks } from '../engine/gridRun.ts';
export { tradedBlocks } from '../optimize/luck.ts';
export { gridPbo } from '../engine/gridPbo.ts';
export { ScannerEngine } from '../scanner/engine.ts';
export { warmScanner } from '../scanner/warmup.ts';
export { searchSymbols, SymbolIndex } from '../market/symbolSearch.ts';
export { runAlertFollowUp } from '../alerts/jobs.ts';
export { startServerProcess, type ServerProcess } from './serverProcess.ts';
