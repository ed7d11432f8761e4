import { createElement, Fragment } from 'react';
import { FILTER_TYPES, type FilterRow, type FilterType } from '@app/contract';
import { Button, CloseIcon, Select } from '../../../components/index.ts';
import { SCANNER_TEXT } from '../texts.ts';
import { fieldsFor } from './filterFields.tsx';

export interface FilterRowEditorProps {
  row: FilterRow;
  onChange: (row: FilterRow) => void;
  onChangeType: (type: FilterType) => void;
  onRemove: () => void;
}

/** One filter: its type, then the inputs that type needs (filterFields.tsx), and a remove button. */
export function FilterRowEditor({ row, onChange, onChangeType, onRemove }: FilterRowEditorProps) {
  const typeLabel = FILTER_TYPES[row.category].find((t) => t.type === row.type)?.label ?? row.type;

  return (
    <li className="rounded-lg border border-slate-200 bg-slate-50/60 p-3 dark:border-slate-800 dark:bg-slate-900/40" data-filter-type={row.type} aria-label={`${typeLabel} filter`}>
      <div className="flex flex-wrap items-end gap-3">
        <Select
          label={SCANNER_TEXT.filterType}
          value={row.type}
          options={FILTER_TYPES[row.category].map((t) => ({ value: t.type, label: t.label }))}
          onChange={(e) => onChangeType(e.target.value as FilterType)}
          wrapperClassName="w-full sm:w-auto"
        />
        {/* keyed by type: a retyped row gets fresh inputs, not the old type's typed text */}
        <Fragment key={row.type}>
          {createElement(fieldsFor(row.type), { row, onChange })}
        </Fragment>
        <Button variant="ghost" size="icon" onClick={onRemove} aria-label={`${SCANNER_TEXT.removeFilter}: ${typeLabel}`} title={SCANNER_TEXT.removeFilter} className="ml-auto">
          <CloseIcon className="size-4" />
        </Button>
      </div>
    </li>
  );
}
