// How much one user may store. Generous: a real strategy or watch list never reaches them;
// they exist so one account cannot grow the database, or one request's work, without end.
// The server answers a 400 with these words when a write would pass a limit; the web shows the same.

export const USER_LIMITS = {
  /** Indicator rows in one template: every run and chart computes each of them. */
  indicatorsPerTemplate: 20,
  templatesPerUser: 200,
  periodsPerUser: 500,
  /** Saved scanner queries (/api/scanner/templates/). */
  savedQueriesPerUser: 200,
  /** Kept runs of each kind (optimisations, universe runs, portfolio runs): a new run deletes the
   *  oldest finished one beyond this. */
  runsKeptPerKind: 100,
  /** Characters of an indicator row's compare value (a number as typed). */
  cvalueLength: 32,
} as const;

export const LIMIT_MESSAGES = {
  indicatorsPerTemplate: `A template can hold at most ${USER_LIMITS.indicatorsPerTemplate} indicators. Delete one to add another.`,
  templatesPerUser: `You can have at most ${USER_LIMITS.templatesPerUser} templates. Delete one to add another.`,
  periodsPerUser: `You can have at most ${USER_LIMITS.periodsPerUser} stock periods. Delete one to add another.`,
  savedQueriesPerUser: `You can have at most ${USER_LIMITS.savedQueriesPerUser} saved queries. Delete one to add another.`,
} as const;
