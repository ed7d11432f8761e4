// The mark of a statement sent on the bulk lane (bulkLane.ts): background work such as the job
// queue and batch runs. The embedded database's thread (pgliteWorker.mjs) serves every unmarked
// request first, so a session check or a list never waits behind a queue of background statements.
// A leading SQL comment, so both databases run the statement unchanged and the mark crosses the
// thread boundary and the CLI's socket with no change to the wire format. Plain JavaScript: the
// worker thread loads it without the TypeScript loader.
export const BULK_TAG = '/* lane:bulk */ ';

/** Whether a request's SQL was sent on the bulk lane. */
export const isBulk = (sql) => typeof sql === 'string' && sql.startsWith(BULK_TAG);
