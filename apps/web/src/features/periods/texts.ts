import { FIELD_MESSAGES, PERIOD_MESSAGES } from '@app/contract';

// Strings of the Stock Period screen; the spec's (§5, §8) are exact and shared with the tests.
export const PERIOD_TEXT = {
  title: 'Stock Periods',
  intro: 'A period is a symbol and a date range to run templates on.',
  formNew: 'New period',
  formEdit: 'Edit period',
  ticker: 'Stock ticker',
  tickerPlaceholder: 'Ticker or company name',
  check: 'Check',
  startDate: 'Start date',
  endDate: 'End date',
  create: 'Save Period',
  update: 'Update Period',
  cancel: 'Cancel',
  edit: 'Edit',
  delete: 'Delete',
  listTitle: 'Your periods',
  empty: 'No periods yet. Define a symbol and dates above, or let “Run your first backtest” on the Backtest screen make one for you.',
} as const;

export const PERIOD_ERRORS = {
  symbolNotFound: PERIOD_MESSAGES.symbolNotFound,
  notValidated: 'Please enter a valid symbol ticker first.',
  required: FIELD_MESSAGES.required,
  endAfterStart: PERIOD_MESSAGES.endAfterStart,
  checkFailed: 'Could not check the symbol. Please try again.',
  fetch: 'Failed to fetch periods. Please try again.',
  save: 'Failed to save period. Please try again.',
  delete: 'Failed to delete period. Please try again.',
} as const;
