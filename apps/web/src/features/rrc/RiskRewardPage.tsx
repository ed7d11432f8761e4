import type { FormEvent } from 'react';
import { Button, Card, CardBody, CardHeader, Input, Page, SymbolSearch } from '../../components/index.ts';
import { RLevelsTable } from './components/RLevelsTable.tsx';
import { RiskSummary } from './components/RiskSummary.tsx';
import { StopLossField } from './components/StopLossField.tsx';
import { UseInTemplate } from './components/UseInTemplate.tsx';
import { useRiskCalculator, type RiskForm } from './hooks/useRiskCalculator.ts';
import { RRC_TEXT } from './texts.ts';

const numberFields: Array<{ key: keyof RiskForm; label: string }> = [
  { key: 'sharePrice', label: RRC_TEXT.sharePrice },
  { key: 'portfolioSize', label: RRC_TEXT.portfolioSize },
  { key: 'positionSizePercent', label: RRC_TEXT.positionSize },
];

/** /rrc: position sizing from a stop, with targets from 1R to 10R (spec §2, §4, §5, §9). */
export default function RiskRewardPage() {
  const calc = useRiskCalculator();
  const { form, result } = calc;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    calc.calculate();
  };

  return (
    <Page title={RRC_TEXT.title} intro={RRC_TEXT.intro}>

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <Card>
          <CardHeader title="Trade" />
          <CardBody>
            <form onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2" aria-label="Risk inputs" noValidate>
              {/* The symbol only labels the results: any text is accepted, the list merely helps find a ticker. */}
              <SymbolSearch
                label={RRC_TEXT.symbol}
                name="symbol"
                value={form.symbol}
                onValueChange={(v) => calc.setField('symbol', v)}
                autoCapitalize="characters"
                maxLength={50}
                wrapperClassName="sm:col-span-2"
              />
              {numberFields.map((f) => (
                <Input
                    key={f.key}
                    label={f.label}
                    name={f.key}
                    inputMode="decimal"
                    autoComplete="off"
                    value={form[f.key]}
                    onChange={(e) => calc.setField(f.key, e.target.value)}
                    className="text-right tabular-nums"
                  />
              ))}
              <StopLossField
                mode={calc.mode}
                onModeChange={calc.setMode}
                percent={form.stopLossPercent}
                price={form.stopLossPrice}
                onChange={calc.setField}
                onStep={calc.step}
                stopAboveEntry={calc.stopAboveEntry}
              />
              <Button type="submit" className="w-full sm:col-span-2">
                {RRC_TEXT.calculate}
              </Button>
            </form>
          </CardBody>
        </Card>

        <div className="flex flex-col gap-3">
          <RiskSummary result={result} symbol={calc.calculatedSymbol} stale={calc.stale} />
          <UseInTemplate result={result} />
        </div>
      </div>

      <div className="mt-6 grid grid-cols-1 gap-6">
        <RLevelsTable title={RRC_TEXT.levelsLow} levels={[1, 2, 3, 4, 5]} result={result} />
        <RLevelsTable title={RRC_TEXT.levelsHigh} levels={[6, 7, 8, 9, 10]} result={result} />
      </div>

      <p className="mt-8 text-center text-sm text-slate-500 dark:text-slate-400" data-testid="rrc-footer">
        {RRC_TEXT.footer}
      </p>
    </Page>
  );
}
