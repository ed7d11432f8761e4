import { useState } from 'react';
import { Input } from '../../../components/index.ts';
import { TEMPLATE_TEXT } from '../texts.ts';

/** A template's name as typed in a settings form (new or edit), with the spec's blank-name rule. */
export function useTemplateName(initial: string) {
  const [name, setName] = useState(initial);
  const [blank, setBlank] = useState(false);
  return {
    name,
    blank,
    change(value: string) {
      setName(value);
      setBlank(false);
    },
    /** Spec §5: a blank name is refused and the input flagged; otherwise the trimmed name. */
    checked(): string | null {
      const isBlank = !name.trim();
      setBlank(isBlank);
      return isBlank ? null : name.trim();
    },
  };
}

export function TemplateNameInput({ field, inputName, serverError }: { field: ReturnType<typeof useTemplateName>; inputName: string; serverError?: string }) {
  return (
    <Input
      label="Name"
      name={inputName}
      value={field.name}
      maxLength={100}
      placeholder={TEMPLATE_TEXT.namePlaceholder}
      onChange={(e) => field.change(e.target.value)}
      error={field.blank ? TEMPLATE_TEXT.namePlaceholder : serverError}
      autoFocus
    />
  );
}
