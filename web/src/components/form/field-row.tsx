import { useId, type ReactNode } from 'react';
import { useTranslateAny } from '@/lib/i18n/use-t';
import { fieldMessageText, type FieldMessage } from './field-message';

export interface FieldRowProps {
  label: ReactNode;
  /** A sentence under the input that says what the value does. */
  help?: ReactNode | undefined;
  message?: FieldMessage | undefined;
  /** The input, given the ids it must carry. */
  children(ids: FieldIds): ReactNode;
  /** The label sits beside the control on wide screens and above it on phones. */
  labelAsLegend?: boolean;
}

export interface FieldIds {
  inputId: string;
  /** For aria-describedby: the help and the error message, when shown. */
  describedBy: string | undefined;
  invalid: boolean;
}

/** Label, control, help and translated error of one setting (OpenDTU's InputElement layout). */
export function FieldRow({ label, help, message, children }: FieldRowProps) {
  const t = useTranslateAny();
  const id = useId();
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const describedBy = [help ? helpId : '', message ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className="row mb-3">
      <label htmlFor={`${id}-input`} className="col-sm-4 col-lg-3 col-form-label">
        {label}
      </label>
      <div className="col-sm-8 col-lg-9">
        {children({
          inputId: `${id}-input`,
          describedBy: describedBy || undefined,
          invalid: message !== undefined,
        })}
        {message && (
          <div id={errorId} className="invalid-feedback d-block">
            {fieldMessageText(t, message)}
          </div>
        )}
        {help && (
          <div id={helpId} className="form-text">
            {help}
          </div>
        )}
      </div>
    </div>
  );
}
