import type { ComponentPropsWithRef } from 'react';
import { controlClass, useField, type FieldProps } from './Field.tsx';

export interface SelectOption {
  value: string | number;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends ComponentPropsWithRef<'select'>, FieldProps {
  /** Options to render; or pass <option> children instead. */
  options?: SelectOption[];
  /** A first, empty option (e.g. 'Select an indicator'). */
  placeholder?: string;
  wrapperClassName?: string;
}

/** A native select (keyboard and mobile friendly) with the same label/hint/error wiring as Input. */
export function Select({ label, hint, error, id, className, wrapperClassName, options, placeholder, children, ...rest }: SelectProps) {
  const f = useField({ label, hint, error }, id);
  return f.wrap(
    <select
      id={f.controlId}
      aria-invalid={f.invalid || undefined}
      aria-describedby={f.describedBy}
      className={controlClass(f.invalid, `h-10 pr-8 ${className ?? ''}`)}
      {...rest}
    >
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {options?.map((o) => (
        <option key={o.value} value={o.value} disabled={o.disabled}>
          {o.label}
        </option>
      ))}
      {children}
    </select>,
    wrapperClassName,
  );
}
