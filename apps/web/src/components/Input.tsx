import type { ComponentPropsWithRef } from 'react';
import { controlClass, useField, type FieldProps } from './Field.tsx';

export interface InputProps extends Omit<ComponentPropsWithRef<'input'>, 'size'>, FieldProps {
  /** Classes of the wrapper (label + control + message). */
  wrapperClassName?: string;
}

/** A text/number/date input with optional label, hint and error (aria-invalid and aria-describedby set). */
export function Input({ label, hint, error, id, className, wrapperClassName, ...rest }: InputProps) {
  const f = useField({ label, hint, error }, id);
  return f.wrap(
    <input
      id={f.controlId}
      aria-invalid={f.invalid || undefined}
      aria-describedby={f.describedBy}
      className={controlClass(f.invalid, `h-10 ${rest.type === 'color' ? 'p-1' : ''} ${className ?? ''}`)}
      {...rest}
    />,
    wrapperClassName,
  );
}
