import { useState } from 'react';
import {
  DEFAULT_CASH,
  DEFAULT_COMMISSION,
  DEFAULT_POSITION_SIZE,
  EXIT_FIELD_NAMES,
  exitsFromForm,
  exitsToForm,
  fractionToPercent,
  positionSizeToForm,
  settingsFromForm,
  TEMPLATE_EXITS,
  templateExitsErrors,
  templateSettingsErrors,
  type ExitField,
  type TemplateExitsForm,
  type PositionUnit,
  type TemplateExitValues,
  type TemplateSettingsForm,
  type TemplateSettingValues,
} from '@app/contract';
import { Input, Select } from '../../../components/index.ts';
import { fieldErrors } from '../errors.ts';
import { TEMPLATE_TEXT } from '../texts.ts';

// A template's trading settings as the edit and create forms hold them: position size, commission in
// %, starting cash in $, and the "Exits & costs" section (percent fields in %, the fee in $, blank =
// not used). The rules and messages are the contract's, the same words a 400 for those values says.

type FormField = Exclude<keyof TemplateSettingsForm, 'position_unit'> | ExitField;
/** The API field each form field is sent as (a 400 names that one). */
const API_FIELD: Record<FormField, string> = {
  position_size: 'position_size', commission_percent: 'commission', cash: 'cash',
  ...(Object.fromEntries(EXIT_FIELD_NAMES.map((f) => [f, f])) as Record<ExitField, string>),
};

export type SettingsValues = Partial<TemplateSettingValues> & Partial<TemplateExitValues>;

export function useSettingsForm(initial: SettingsValues, serverError: unknown) {
  const [settings, setSettings] = useState<TemplateSettingsForm>({
    ...positionSizeToForm(initial.position_size ?? DEFAULT_POSITION_SIZE),
    commission_percent: String(fractionToPercent(initial.commission ?? DEFAULT_COMMISSION)),
    cash: String(initial.cash ?? DEFAULT_CASH),
  });
  const [exits, setExits] = useState<TemplateExitsForm>(() => exitsToForm(initial));
  const [submitted, setSubmitted] = useState(false);
  const [touched, setTouched] = useState<Partial<Record<FormField, boolean>>>({});
  const errors: Partial<Record<FormField, string>> = { ...templateSettingsErrors(settings), ...templateExitsErrors(exits) };
  const server = fieldErrors(serverError);

  return {
    settings,
    exits,
    /** The message under a field: the form's own once it was edited or the form submitted, else the server's. */
    errorOf: (field: FormField) => (touched[field] || submitted ? errors[field] : undefined) ?? server[API_FIELD[field]],
    /** Reads the position size as % of equity or as shares (the number typed stays; its check follows the unit). */
    setUnit: (unit: PositionUnit) => {
      setSettings((s) => ({ ...s, position_unit: unit }));
      setTouched((t) => ({ ...t, position_size: true }));
    },
    set: (field: FormField, value: string) => {
      if (field in settings) setSettings((s) => ({ ...s, [field]: value }));
      else setExits((x) => ({ ...x, [field]: value }));
      setTouched((t) => ({ ...t, [field]: true }));
    },
    /** Marks the form submitted (every message shows); true when it may be sent. */
    submit: () => {
      setSubmitted(true);
      return Object.keys(errors).length === 0;
    },
    /** True when the server named one of these fields (its message shows under it). */
    serverNamedAField: Object.values(API_FIELD).some((k) => server[k]),
    /** The settings as the API takes them; exits not used are sent as null (clearing them on PUT). */
    body: () => ({ ...settingsFromForm(settings), ...exitsFromForm(exits) }),
  };
}

export type SettingsForm = ReturnType<typeof useSettingsForm>;

type TypedSetting = Exclude<keyof TemplateSettingsForm, 'position_unit'>;
const SETTING_INPUTS: Array<{ field: TypedSetting; label: string; hint: string }> = [
  { field: 'commission_percent', label: `${TEMPLATE_TEXT.commission} (%)`, hint: TEMPLATE_TEXT.commissionHint },
  { field: 'cash', label: `${TEMPLATE_TEXT.cash} ($)`, hint: TEMPLATE_TEXT.cashHint },
];
const SETTING_NAMES: Record<TypedSetting, string> = { position_size: 'positionSize', commission_percent: 'commission', cash: 'cash' };

/** The inputs: the three settings, then the optional "Exits & costs". */
export function SettingsFields({ form }: { form: SettingsForm }) {
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-3">
        <PositionSizeField form={form} />
        {SETTING_INPUTS.map(({ field, label, hint }) => (
          <Input
            key={field}
            label={label}
            name={SETTING_NAMES[field]}
            inputMode="decimal"
            value={form.settings[field]}
            onChange={(e) => form.set(field, e.target.value)}
            error={form.errorOf(field)}
            hint={hint}
            className="tabular-nums"
          />
        ))}
      </div>
      <fieldset className="rounded-md border border-slate-200 px-3 pt-1 pb-3 dark:border-slate-800" data-testid="exits-fieldset">
        <legend className="px-1 text-sm font-semibold text-slate-700 dark:text-slate-300">{TEMPLATE_TEXT.exitsTitle}</legend>
        <p className="mb-3 text-xs text-slate-500 dark:text-slate-400">{TEMPLATE_TEXT.exitsIntro}</p>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {EXIT_FIELD_NAMES.map((f) => (
            <Input
              key={f}
              label={`${TEMPLATE_EXITS[f].label} (${TEMPLATE_EXITS[f].unit})`}
              name={f}
              inputMode="decimal"
              placeholder={TEMPLATE_TEXT.notUsed}
              value={form.exits[f]}
              onChange={(e) => form.set(f, e.target.value)}
              error={form.errorOf(f)}
              hint={TEMPLATE_EXITS[f].hint}
              className="tabular-nums"
            />
          ))}
        </div>
      </fieldset>
    </>
  );
}

/** Position size as a percentage of equity (like the commission beside it), or a number of shares. */
function PositionSizeField({ form }: { form: SettingsForm }) {
  const unit = form.settings.position_unit ?? 'percent';
  return (
    <div className="flex items-start gap-2">
      <Input
        label={unit === 'percent' ? TEMPLATE_TEXT.positionSizePercent : TEMPLATE_TEXT.positionSizeShares}
        name="positionSize"
        inputMode="decimal"
        value={form.settings.position_size}
        onChange={(e) => form.set('position_size', e.target.value)}
        error={form.errorOf('position_size')}
        hint={unit === 'percent' ? TEMPLATE_TEXT.positionSizePercentHint : TEMPLATE_TEXT.positionSizeSharesHint}
        className="tabular-nums"
        wrapperClassName="min-w-0 flex-1"
      />
      <Select
        label={TEMPLATE_TEXT.positionUnit}
        name="positionUnit"
        value={unit}
        options={[
          { value: 'percent', label: TEMPLATE_TEXT.unitPercent },
          { value: 'shares', label: TEMPLATE_TEXT.unitShares },
        ]}
        onChange={(e) => form.setUnit(e.target.value as PositionUnit)}
        wrapperClassName="shrink-0"
      />
    </div>
  );
}
