import { useCallback, useState } from 'react';
import { PANES_STORAGE_KEY, loadPanes, panesReducer } from '../state/panes.ts';
import { OVERLAYS_STORAGE_KEY, loadOverlays, overlaysReducer } from '../state/overlays.ts';
import { SETTINGS_STORAGE_KEY, loadSettings, serializeSettings, settingsReducer } from '../state/settings.ts';
import { useStoredReducer } from './useStoredState.ts';

/** The /rchart layout, overlays and display settings, each persisted under its spec §9 key. */
export function usePanes() {
  return useStoredReducer(PANES_STORAGE_KEY, panesReducer, loadPanes);
}
export function useOverlays() {
  return useStoredReducer(OVERLAYS_STORAGE_KEY, overlaysReducer, loadOverlays);
}
export function useDisplaySettings() {
  const [settings, dispatch] = useStoredReducer(SETTINGS_STORAGE_KEY, settingsReducer, loadSettings, serializeSettings);
  const toggleLegend = useCallback(() => dispatch({ type: 'set', key: 'expandedLegend', value: !settings.expandedLegend }), [dispatch, settings.expandedLegend]);
  return [settings, dispatch, toggleLegend] as const;
}

/** The display settings as last saved on /rchart, read once (the charts that have no dialog use them). */
export function useSavedDisplaySettings() {
  const [settings] = useState(() => {
    try {
      return loadSettings(localStorage.getItem(SETTINGS_STORAGE_KEY));
    } catch {
      return loadSettings(null);
    }
  });
  return settings;
}
