import type { ReactNode } from 'react';
import { FieldRow } from './field-row';
import { useField } from './use-settings-form';

/** A local clock time, HH:MM (quiet hours, a daily window). */
export function TimeField({
  name,
  label,
  help,
}: {
  name: string;
  label: ReactNode;
  help?: ReactNode;
}) {
  const field = useField<string>(name);
  return (
    <FieldRow label={label} help={help} message={field.message}>
      {(ids) => (
        <input
          id={ids.inputId}
          data-field={name}
          type="time"
          className={`form-control${ids.invalid ? ' is-invalid' : ''}`}
          value={field.value}
          aria-invalid={ids.invalid}
          aria-describedby={ids.describedBy}
          onChange={(event) => field.setValue(event.target.value)}
          onBlur={field.onBlur}
        />
      )}
    </FieldRow>
  );
}
