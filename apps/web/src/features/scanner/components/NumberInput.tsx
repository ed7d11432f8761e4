import { useEffect, useRef, useState } from 'react';
import { numberInputText, parseNumberInput, readNumberInput } from '@app/contract';
import { Input } from '../../../components/index.ts';
import { useReportBoxError } from '../boxErrors.ts';

const show = (v: number | null) => (v === null ? '' : numberInputText(v));
/** The shared parser's message for what was typed; null when it reads. */
const readError = (text: string) => {
  const r = readNumberInput(text);
  return r.ok ? null : r.error;
};

export interface NumberInputProps {
  label: string;
  value: number | null;
  /** Text → the row's value on every keystroke, null when the text cannot be used (omit to commit
   *  only on blur). */
  parse?: (text: string) => number | null;
  onValue: (v: number | null) => void;
  /** Text → the committed value when the field loses focus (clamping rules). */
  commit?: (text: string) => number;
  /** The message for what was typed (e.g. the percentage rules); null when fine. Defaults to the
   *  shared parser's message (blank included: an empty value is a filter not filled in). */
  validate?: (text: string) => string | null;
  min?: number;
  max?: number;
  step?: number | 'any';
  integer?: boolean;
  className?: string;
}

/**
 * A number field that keeps what the user types (so "1." or "-" can be typed on the way to a number)
 * while the row holds the parsed value. A new value from outside (a loaded query, a clamp) replaces
 * the text; the value this field emitted itself does not. Text it cannot read is shown as an error at
 * the field and reported to the page, which then refuses to scan; a blank field says so once it has
 * been left or a scan was refused.
 */
export function NumberInput({ label, value, parse = parseNumberInput, onValue, commit, validate = readError, min, max, step = 'any', integer, className }: NumberInputProps) {
  const [text, setText] = useState(show(value));
  const [left, setLeft] = useState(false);
  const emitted = useRef(value);
  useEffect(() => {
    if (!Object.is(value, emitted.current)) {
      emitted.current = value;
      setText(show(value));
    }
  }, [value]);

  // a field that commits on blur always holds a number (its rule falls back), so it never blocks
  const error = commit ? null : validate(text);
  const reveal = useReportBoxError(error);
  const shown = error !== null && (text.trim() !== '' || left || reveal) ? error : undefined;
  return (
    <Input
      label={label}
      value={text}
      inputMode={integer ? 'numeric' : 'decimal'}
      autoComplete="off"
      min={min}
      max={max}
      step={step}
      error={shown}
      wrapperClassName={className}
      className="tabular-nums"
      onChange={(e) => {
        setText(e.target.value);
        if (commit) return;
        const v = parse(e.target.value);
        emitted.current = v;
        onValue(v);
      }}
      onBlur={() => {
        setLeft(true);
        if (commit) {
          const v = commit(text);
          emitted.current = v;
          setText(show(v));
          onValue(v);
        } else if (value !== null && !error) setText(show(value)); // what was read, e.g. a clamped value or 10,000,000,000 as 10B
      }}
    />
  );
}
