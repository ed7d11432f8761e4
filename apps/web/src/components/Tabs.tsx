import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from './cx.ts';

export interface TabItem<T extends string> {
  value: T;
  label: ReactNode;
  /** e.g. a count badge beside the label */
  extra?: ReactNode;
}

export interface TabsProps<T extends string> {
  items: TabItem<T>[];
  value: T;
  onChange: (value: T) => void;
  /** Accessible name of the tab list. */
  label: string;
  /** Prefix of the tab and panel ids; give a distinct one when a page has two tab sets. */
  idPrefix?: string;
  className?: string;
}

/**
 * WAI-ARIA tabs: one tab in the Tab order, arrow keys / Home / End move between tabs and select them.
 * Render the active panel with <TabPanel value={value} idPrefix={same prefix}>.
 */
export function Tabs<T extends string>({ items, value, onChange, label, idPrefix = 'tabs', className }: TabsProps<T>) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (e: KeyboardEvent, i: number) => {
    const last = items.length - 1;
    const next = e.key === 'ArrowRight' ? (i === last ? 0 : i + 1) : e.key === 'ArrowLeft' ? (i === 0 ? last : i - 1) : e.key === 'Home' ? 0 : e.key === 'End' ? last : -1;
    if (next < 0) return;
    e.preventDefault();
    onChange(items[next].value);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className={cx('flex gap-1 border-b border-slate-200 dark:border-slate-800', className)}>
      {items.map((item, i) => {
        const selected = item.value === value;
        return (
          <button
            key={item.value}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={tabId(idPrefix, item.value)}
            aria-selected={selected}
            aria-controls={tabPanelId(idPrefix, item.value)}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(item.value)}
            onKeyDown={(e) => onKeyDown(e, i)}
            className={cx(
              '-mb-px inline-flex items-center gap-2 border-b-2 px-3 py-2 text-sm font-medium transition-colors',
              selected
                ? 'border-blue-600 text-blue-700 dark:border-blue-400 dark:text-blue-300'
                : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900 dark:text-slate-400 dark:hover:border-slate-600 dark:hover:text-slate-100',
            )}
          >
            {item.label}
            {item.extra}
          </button>
        );
      })}
    </div>
  );
}

// Stable ids, so Tabs and TabPanel agree without sharing state.
const tabId = (prefix: string, value: string) => `${prefix}-tab-${value}`;
const tabPanelId = (prefix: string, value: string) => `${prefix}-panel-${value}`;

/** The panel of the selected tab (render only the active one). */
export function TabPanel({ value, idPrefix = 'tabs', children, className }: { value: string; idPrefix?: string; children: ReactNode; className?: string }) {
  return (
    <div role="tabpanel" id={tabPanelId(idPrefix, value)} aria-labelledby={tabId(idPrefix, value)} tabIndex={0} className={cx('focus-visible:outline-offset-4', className)}>
      {children}
    </div>
  );
}
