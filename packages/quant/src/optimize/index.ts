// Grid optimisation and walk-forward analysis (ARCHITECTURE.md "Optimisation").
export {
  parseGrid, cellParams, GridError, MAX_GRID_CELLS, NUMERIC_STAT_KEYS, ROW_FIELDS, TEMPLATE_FIELDS,
  type Grid, type GridInput, type GridParam, type GridValue,
} from './grid.ts';
export {
  optimize, evaluateCells, evaluateCellBlocks, optimizationResult, topCells, topIndices, bestIndex, runCell, cellStats,
  type OptimizationResult, type HeatmapCell, type TopCell,
} from './optimize.ts';
export {
  walkForward, walkForwardResult, parseWalkForward, foldWindows, WALK_FORWARD_DEFAULTS,
  type WalkForwardInput, type WalkForwardSpec, type WalkForwardResult, type WalkForwardFold, type FoldWindows,
} from './walkForward.ts';
export {
  search, searchGrid, searchSteps, bestCell, searchResult, createSearch, evaluateCellList, MAX_SEARCH_CELLS, MAX_SEARCH_BUDGET, DEFAULT_SEARCH_SEED,
  type Search, type SearchOptions, type SearchRun, type SearchGridOptions,
} from './search.ts';
