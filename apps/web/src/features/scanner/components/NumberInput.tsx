import { useEffect, useRef, useState } from 'react';
import { Input } from '../../../components/index.ts';
import { parseNumberText } from '../filterRows.ts';

const show = (v: number | null) => (v === null ? '' : String(v));

export interface NumberInputProps {
  label: string;
  value: number | null;
  /** Text → the row's value on every keystroke (omit to commit only on blur). */
  parse?: (text: string) => number | null;
  onValue: (v: number | null) => void;
  /** Text → the committed value when the field loses focus (clamping rules). */
  commit?: (text: string) => number;
  /** The message for what was typed (e.g. the percentage rules); null when fine. */
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
 * the text; the value this field emitted itself does not.
 */
export function NumberInput({ label, value, parse = parseNumberText, onValue, commit, validate, min, max, step = 'any', integer, className }: NumberInputProps) {
  const [text, setText] = useState(show(value));
  const emitted = useRef(value);
  useEffect(() => {
    if (!Object.is(value, emitted.current)) {
      emitted.current = value;
      setText(show(value));
    }
  }, [value]);

  const error = validate && text.trim() !== '' ? validate(text) : null;
  return (
    <Input
      label={label}
      value={text}
      inputMode={integer ? 'numeric' : 'decimal'}
      autoComplete="off"
      min={min}
      max={max}
      step={step}
      error={error ?? undefined}
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
        if (commit) {
          const v = commit(text);
          emitted.current = v;
          setText(show(v));
          onValue(v);
        } else if (value !== null && !error && parseNumberText(text) !== value) setText(show(value)); // show the clamped value
      }}
    />
  );
}
