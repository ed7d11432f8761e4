/**
 * Shared UI primitives. Tailwind only, light and dark (`dark:` variants), keyboard and screen-reader ready.
 * Features import from here ('../../components/index.ts'); they never style these from scratch.
 *
 * - Button: variants primary | secondary | ghost | danger | success, sizes sm | md | icon, `loading`
 *   (spinner + disabled). type defaults to "button". buttonClass(...) styles a <Link> like a button.
 * - Input / Select: native controls with `label`, `hint`, `error` (sets aria-invalid and
 *   aria-describedby). Select takes `options` [{value,label}] or <option> children, and `placeholder`.
 * - Card, CardHeader (title, subtitle, actions), CardBody: bordered surfaces for panels and forms.
 * - Spinner (decorative, or a status when given `label`); Loading: page-level "Loading..." with spinner.
 * - Alert: boxed message, tone info | success | warning | error (errors/warnings use role="alert").
 *   ErrorText: the spec's red error line; renders nothing when empty.
 * - Badge: small pill, tone neutral | blue | green | red | amber.
 * - Dialog: modal on native <dialog> (focus trap, Escape, focus restore); controlled by `open`/`onClose`,
 *   `title`, `description`, `footer`; `dismissible={false}` for blocking dialogs.
 * - Menu: a menu button (ARIA menu pattern: arrows, Home/End, Escape) of `items` [{key, label,
 *   description}], calling `onSelect(key)`; `busy` while the choice is carried out.
 * - Tabs + TabPanel: ARIA tabs with arrow/Home/End keys; controlled by `value`/`onChange`.
 * - Page, PageHeader: a screen's frame (width, h1 title, lead line, actions on the right); every screen
 *   uses it, so titles look alike.
 * - EmptyState: a screen with nothing to show yet (what is missing, a hint, the next actions).
 * - FirstBacktest: "Run your first backtest" (a starter strategy, a symbol, Run → the Backtest screen with
 *   the results), shared by the home page and the empty Backtest screen; its words in firstBacktestText.ts.
 * - StatsPanel: a backtest's statistics (headline tiles and the full table); ManyRunLinks: "Run on many
 *   symbols" and "Backtest as portfolio" links to the many-symbol screens with a template, period or scan.
 * - SymbolSearch: the symbol box (ARIA combobox) offering listings by ticker prefix and company-name
 *   words as the user types; `value`/`onValueChange`, `onPick`. SymbolNotInMarket: under 'symbol not
 *   found', which market is loaded and listings to pick instead. Words in symbolSearchText.ts.
 * - DemoMarketNote: under a ticker the demo market lacks, why, and a link to the Market data page.
 * - TradeWhy / TradeWhyToggle: why a trade opened and closed (its `Why`), as a details list or behind a disclosure.
 * - StarToggle: the watchlist star of a symbol: one click adds it to the last-used list (or
 *   takes it out), the arrow beside it picks any list; nothing for a visitor. Data in lib/watchlistStar.ts.
 * - KeyColumnsTable: a wide table whose key columns stay on a phone while the others move into a row's
 *   details (⌄ beside the row's first cell); SortButton (a sortable header) and PhoneSortBar ("Sort by" on a phone).
 * - useChartText + ChartText: a chart's text alternative for screen readers (the last value of each
 *   series, from lib/chartText.ts), which the chart's box (role img) names with aria-describedby.
 * - textLinkClass: a link inside running text (underlined, not told apart by colour alone).
 * - cx(...): joins class names, skipping falsy ones.
 * - icons.tsx: small stroke icons (SunIcon, MenuIcon, ChevronDownIcon, ...), sized by className.
 */
export { Button, buttonClass, type ButtonProps, type ButtonVariant, type ButtonSize } from './Button.tsx';
export { Input, type InputProps } from './Input.tsx';
export { Select, type SelectProps, type SelectOption } from './Select.tsx';
export { Card, CardHeader, CardBody } from './Card.tsx';
export { Spinner, Loading } from './Spinner.tsx';
export { Alert, ErrorText, RetryAlert, type AlertTone } from './Alert.tsx';
export { KeyColumnsTable, PhoneSortBar, SortButton, type KeyColumn, type SortState } from './KeyColumnsTable.tsx';
export { Badge, type BadgeTone } from './Badge.tsx';
export { Dialog, type DialogProps } from './Dialog.tsx';
export { Menu, type MenuItem, type MenuProps } from './Menu.tsx';
export { Tabs, TabPanel, type TabItem, type TabsProps } from './Tabs.tsx';
export { Page, PageHeader, type PageProps } from './Page.tsx';
export { EmptyState } from './EmptyState.tsx';
export { FirstBacktest } from './FirstBacktest.tsx';
export { FIRST_BACKTEST_TEXT } from './firstBacktestText.ts';
export { StatsPanel, type StatsPanelProps } from './StatsPanel.tsx';
export { ManyRunLinks } from './ManyRunLinks.tsx';
export { SymbolSearch, SymbolNotInMarket, type SymbolSearchProps } from './SymbolSearch.tsx';
export { SYMBOL_SEARCH_TEXT } from './symbolSearchText.ts';
export { DemoMarketNote } from './DemoMarketNote.tsx';
export { DEMO_MARKET_TEXT, MARKET_DATA_LINK } from './marketDataText.ts';
export { cx } from './cx.ts';
export { textLinkClass } from './textLink.ts';
export * from './icons.tsx';
export { StarToggle, type StarToggleProps } from './StarToggle.tsx';
export { ChartText, useChartText } from './ChartText.tsx';
export { TradeWhy, TradeWhyToggle, TRADE_WHY_TEXT } from './TradeWhy.tsx';
export { useOpenRows } from './useOpenRows.ts';
