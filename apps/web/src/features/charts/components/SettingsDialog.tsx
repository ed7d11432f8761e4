import { Button, Dialog, Select } from '../../../components/index.ts';
import { CHART_TYPES, SETTING_TOGGLES, type ChartType, type DisplaySettings, type SettingsAction } from '../state/settings.ts';
import { CHART_TEXT } from '../texts.ts';
import { Checkbox } from './Checkbox.tsx';

/** The Chart Settings dialog (spec §2): Display section, two placeholder sections, reset and close. */
export function SettingsDialog({ open, onClose, settings, dispatch }: { open: boolean; onClose: () => void; settings: DisplaySettings; dispatch: (a: SettingsAction) => void }) {
  const reset = () => {
    if (window.confirm(CHART_TEXT.resetConfirm)) dispatch({ type: 'reset' });
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={CHART_TEXT.settingsTitle}
      footer={
        <>
          <Button variant="secondary" onClick={reset}>
            {CHART_TEXT.resetDefaults}
          </Button>
          <Button onClick={onClose}>{CHART_TEXT.close}</Button>
        </>
      }
    >
      <div className="space-y-5">
        <section aria-labelledby="chart-settings-display" className="space-y-3">
          <h3 id="chart-settings-display" className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
            Display
          </h3>
          <Select
            label="Chart Type"
            value={settings.chartType}
            onChange={(e) => dispatch({ type: 'set', key: 'chartType', value: e.target.value as ChartType })}
            options={CHART_TYPES.map((t) => ({ value: t.value, label: t.label }))}
          />
          <div className="grid gap-2 sm:grid-cols-2">
            {SETTING_TOGGLES.map((t) => (
              <Checkbox key={t.key} checked={settings[t.key]} onChange={(v) => dispatch({ type: 'set', key: t.key, value: v })}>
                {t.label}
              </Checkbox>
            ))}
          </div>
        </section>
        {['Appearance', 'Performance'].map((name) => (
          <section key={name} className="space-y-1">
            <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">{name}</h3>
            <p className="text-sm text-slate-500 italic dark:text-slate-400">{CHART_TEXT.comingSoon}</p>
          </section>
        ))}
      </div>
    </Dialog>
  );
}
