// Every string of the Templates screen that the spec fixes (§5, §8), shared by the screen and its tests.
export const TEMPLATE_TEXT = {
  title: 'Templates',
  intro: 'A template is a set of BUY and SELL conditions. A position opens when every BUY condition holds and closes when every SELL condition holds.',
  namePlaceholder: 'Enter template name (required)',
  create: 'Create Template',
  listTitle: 'Your templates',
  empty: 'No templates yet. Create one to start adding indicators.',
  pick: 'Pick a template on the left, or create one, to see and edit its indicators.',
  edit: 'Rename',
  save: 'Save',
  cancel: 'Cancel',
  delete: 'Delete',
  deleteConfirm: (name: string) => `Delete the template "${name}" and its indicators?`,
  addIndicator: 'Add Indicator',
  indicatorFormTitle: 'Add indicator',
  submitIndicator: 'Add',
  noIndicators: 'No indicators yet. Add a BUY and a SELL condition.',
  positionSize: 'Position size',
} as const;

export const TEMPLATE_ERRORS = {
  fetchTemplates: 'Failed to fetch templates. Please try again.',
  create: 'Failed to create template. Please try again.',
  update: 'Failed to update template. Please try again.',
  delete: 'Failed to delete template. Please try again.',
  fetchDetails: 'Error fetching template details. Please try again.',
  deleteIndicator: 'Error deleting indicator. Please try again.',
  addIndicator: 'Failed to add indicator. Please try again.',
  noResponse: 'No response received from the server. Please check your connection.',
  createIndicator: 'An error occurred while creating the indicator.',
} as const;
