import type { ReactNode } from 'react';
import { FieldRow } from './field-row';
import { useField } from './use-settings-form';

interface BaseProps {
  /** Dotted path of the value, also the rules' field name. */
  name: string;
  label: ReactNode;
  help?: ReactNode;
  disabled?: boolean;
}

const invalidClass = (invalid: boolean) => (invalid ? ' is-invalid' : '');

interface TextFieldProps extends BaseProps {
  type?: 'text' | 'email' | 'url';
  maxLength?: number;
  placeholder?: string;
  autoComplete?: string;
  inputMode?: 'text' | 'decimal' | 'numeric' | 'url';
  /** Applied to every keystroke (upper-casing a serial, say). */
  transform?: (text: string) => string;
  postfix?: ReactNode;
}

/** A one-line text setting. */
export function TextField(props: TextFieldProps) {
  const { name, label, help, disabled, type = 'text', transform, postfix } = props;
  const field = useField<string>(name);
  return (
    <FieldRow label={label} help={help} message={field.message}>
      {(ids) => (
        <div className="input-group">
          <input
            id={ids.inputId}
            data-field={name}
            type={type}
            className={`form-control${invalidClass(ids.invalid)}`}
            value={field.value ?? ''}
            maxLength={props.maxLength}
            placeholder={props.placeholder}
            autoComplete={props.autoComplete ?? 'off'}
            inputMode={props.inputMode}
            spellCheck={false}
            disabled={disabled}
            aria-invalid={ids.invalid}
            aria-describedby={ids.describedBy}
            onChange={(event) =>
              field.setValue(transform ? transform(event.target.value) : event.target.value)
            }
            onBlur={field.onBlur}
          />
          {postfix && <span className="input-group-text">{postfix}</span>}
        </div>
      )}
    </FieldRow>
  );
}

/** An IPv4 address; the rules (contract/network) say whether it is one. */
export function IpField(props: BaseProps) {
  return <TextField {...props} inputMode="decimal" maxLength={32} placeholder="0.0.0.0" />;
}

interface NumberFieldProps extends BaseProps {
  min?: number;
  max?: number;
  step?: number | 'any';
  postfix?: ReactNode;
}

/**
 * A number setting with an optional unit after it. An empty input is NaN, which the rules
 * report as missing, so a cleared field is never sent as 0; null (an optional value not set)
 * shows as empty too.
 */
export function NumberField(props: NumberFieldProps) {
  const { name, label, help, disabled, postfix } = props;
  const field = useField<number | null>(name);
  return (
    <FieldRow label={label} help={help} message={field.message}>
      {(ids) => (
        <div className="input-group">
          <input
            id={ids.inputId}
            data-field={name}
            type="number"
            className={`form-control${invalidClass(ids.invalid)}`}
            value={field.value === null || Number.isNaN(field.value) ? '' : field.value}
            min={props.min}
            max={props.max}
            step={props.step}
            disabled={disabled}
            aria-invalid={ids.invalid}
            aria-describedby={ids.describedBy}
            onChange={(event) => field.setValue(event.target.valueAsNumber)}
            onBlur={field.onBlur}
          />
          {postfix && <span className="input-group-text">{postfix}</span>}
        </div>
      )}
    </FieldRow>
  );
}

/** An on/off setting as a Bootstrap switch. */
export function SwitchField({ name, label, help, disabled }: BaseProps) {
  const field = useField<boolean>(name);
  return (
    <FieldRow label={label} help={help} message={field.message}>
      {(ids) => (
        <div className="form-check form-switch col-form-label">
          <input
            id={ids.inputId}
            data-field={name}
            type="checkbox"
            role="switch"
            className={`form-check-input${invalidClass(ids.invalid)}`}
            checked={field.value === true}
            disabled={disabled}
            aria-describedby={ids.describedBy}
            onChange={(event) => field.setValue(event.target.checked)}
          />
        </div>
      )}
    </FieldRow>
  );
}

export interface SelectOption<V extends string | number> {
  value: V;
  label: string;
}

interface SelectFieldProps<V extends string | number> extends BaseProps {
  options: readonly SelectOption<V>[];
  /** Runs instead of a plain set, for derived writes (the country resets the frequency). */
  onSelect?: (value: V) => void;
}

/** One of a list; the value keeps its type (numbers stay numbers on the wire). */
export function SelectField<V extends string | number>(props: SelectFieldProps<V>) {
  const { name, label, help, disabled, options, onSelect } = props;
  const field = useField<V>(name);
  return (
    <FieldRow label={label} help={help} message={field.message}>
      {(ids) => (
        <select
          id={ids.inputId}
          data-field={name}
          className={`form-select${invalidClass(ids.invalid)}`}
          value={String(field.value)}
          disabled={disabled}
          aria-invalid={ids.invalid}
          aria-describedby={ids.describedBy}
          onChange={(event) => {
            const chosen = options.find((o) => String(o.value) === event.target.value);
            if (!chosen) return;
            if (onSelect) onSelect(chosen.value);
            else field.setValue(chosen.value);
          }}
        >
          {options.map((option) => (
            <option key={String(option.value)} value={String(option.value)}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldRow>
  );
}

interface RangeFieldProps extends BaseProps {
  min: number;
  max: number;
  step?: number;
  /** The shown value beside the slider ('75 %', '868.000 MHz'). */
  format?: (value: number) => string;
  onSlide?: (value: number) => void;
  /** Extra line under the slider (the legal-range warning). */
  footer?: ReactNode;
}

/** A slider with its value shown, for bounded numbers (contrast, brightness, frequency). */
export function RangeField(props: RangeFieldProps) {
  const { name, label, help, disabled, min, max, step = 1, format = String, onSlide } = props;
  const field = useField<number>(name);
  const shown = format(field.value);
  return (
    <FieldRow label={label} help={help} message={field.message}>
      {(ids) => (
        <>
          <div className="d-flex align-items-center gap-3">
            <input
              id={ids.inputId}
              data-field={name}
              type="range"
              className="form-range flex-grow-1"
              min={min}
              max={max}
              step={step}
              value={field.value}
              disabled={disabled}
              aria-valuetext={shown}
              aria-describedby={ids.describedBy}
              onChange={(event) => {
                const value = event.target.valueAsNumber;
                if (onSlide) onSlide(value);
                else field.setValue(value);
              }}
            />
            <output htmlFor={ids.inputId} className="text-nowrap range-value">
              {shown}
            </output>
          </div>
          {props.footer}
        </>
      )}
    </FieldRow>
  );
}

interface TextAreaFieldProps extends BaseProps {
  rows?: number;
  maxLength?: number;
  placeholder?: string;
}

/** Multi-line text (certificates). */
export function TextAreaField(props: TextAreaFieldProps) {
  const { name, label, help, disabled, rows = 6 } = props;
  const field = useField<string>(name);
  return (
    <FieldRow label={label} help={help} message={field.message}>
      {(ids) => (
        <textarea
          id={ids.inputId}
          data-field={name}
          className={`form-control font-monospace${invalidClass(ids.invalid)}`}
          rows={rows}
          value={field.value ?? ''}
          maxLength={props.maxLength}
          placeholder={props.placeholder}
          spellCheck={false}
          disabled={disabled}
          aria-invalid={ids.invalid}
          aria-describedby={ids.describedBy}
          onChange={(event) => field.setValue(event.target.value)}
          onBlur={field.onBlur}
        />
      )}
    </FieldRow>
  );
}
