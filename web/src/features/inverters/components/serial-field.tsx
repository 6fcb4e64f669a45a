import { useId, type ReactNode } from 'react';
import { classifySerialInput, serialHintType } from '@heliodtu/contract/domain/serial';
import { fieldMessageText } from '@/components/form/field-message';
import { useField } from '@/components/form/use-settings-form';
import { useT, useTranslateAny } from '@/lib/i18n/use-t';
import { serialFeedbackKey } from '../inverter-form';

interface SerialFieldProps {
  label: ReactNode;
  help?: ReactNode;
}

/**
 * The inverter serial input with live feedback on its format (spec §5, inverter-domain §8.1):
 * upper-cased as typed; the classification itself is contract/domain/serial.ts, this only
 * renders it. A refusal that is the format itself is not said twice.
 */
export function SerialField({ label, help }: SerialFieldProps) {
  const t = useT();
  const tAny = useTranslateAny();
  const id = useId();
  const field = useField<string>('serial');
  const text = field.value ?? '';
  const result = classifySerialInput(text);
  const hintType = serialHintType(result);
  const feedbackKey = serialFeedbackKey(result.kind);
  const feedback =
    feedbackKey === null
      ? ''
      : result.kind === 'herf'
        ? t('inputserial.format_herf_valid', { serial: result.serial })
        : t(feedbackKey);
  const message = field.message;
  const repeatsFeedback = message !== undefined && 'key' in message && message.key === feedbackKey;
  const ids = { feedback: `${id}-feedback`, error: `${id}-error` };
  const describedBy = message && !repeatsFeedback ? `${ids.feedback} ${ids.error}` : ids.feedback;
  const feedbackClass =
    feedback === '' ? 'form-text' : hintType === 'danger' ? 'text-danger' : 'text-info-emphasis';

  return (
    <div className="row mb-3">
      <label htmlFor={`${id}-input`} className="col-sm-4 col-lg-3 col-form-label">
        {label}
      </label>
      <div className="col-sm-8 col-lg-9">
        <input
          id={`${id}-input`}
          data-field="serial"
          type="text"
          className={`form-control font-monospace${message ? ' is-invalid' : ''}`}
          value={text}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={message !== undefined}
          aria-describedby={describedBy}
          onChange={(event) => field.setValue(event.target.value.toUpperCase())}
          onBlur={field.onBlur}
        />
        {/* Always present, so screen readers hear each new classification; the help text
            fills the same line while the input is empty, so typing does not move the form. */}
        <div id={ids.feedback} aria-live="polite" className={`small mt-1 ${feedbackClass}`}>
          {feedback === '' ? help : feedback}
        </div>
        {message && !repeatsFeedback && (
          <div id={ids.error} className="invalid-feedback d-block">
            {fieldMessageText(tAny, message)}
          </div>
        )}
      </div>
    </div>
  );
}
