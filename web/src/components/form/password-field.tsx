import { useState, type ReactNode } from 'react';
import eyeIcon from 'bootstrap-icons/icons/eye.svg?raw';
import eyeSlashIcon from 'bootstrap-icons/icons/eye-slash.svg?raw';
import { Icon } from '@/components/ui/icon';
import { useT } from '@/lib/i18n/use-t';
import { FieldRow } from './field-row';
import { useField } from './use-settings-form';

interface PasswordFieldProps {
  name: string;
  label: ReactNode;
  help?: ReactNode;
  maxLength?: number;
  disabled?: boolean;
  autoComplete?: 'new-password' | 'current-password' | 'off';
}

/** A secret with a show/hide button, so a long password can be checked before saving. */
export function PasswordField(props: PasswordFieldProps) {
  const { name, label, help, disabled, autoComplete = 'new-password' } = props;
  const t = useT();
  const field = useField<string>(name);
  const [visible, setVisible] = useState(false);
  return (
    <FieldRow label={label} help={help} message={field.message}>
      {(ids) => (
        <div className="input-group">
          <input
            id={ids.inputId}
            data-field={name}
            type={visible ? 'text' : 'password'}
            className={`form-control${ids.invalid ? ' is-invalid' : ''}`}
            value={field.value ?? ''}
            maxLength={props.maxLength}
            autoComplete={autoComplete}
            spellCheck={false}
            disabled={disabled}
            aria-invalid={ids.invalid}
            aria-describedby={ids.describedBy}
            onChange={(event) => field.setValue(event.target.value)}
            onBlur={field.onBlur}
          />
          <button
            type="button"
            className="btn btn-outline-secondary"
            aria-pressed={visible}
            title={visible ? t('form.HidePassword') : t('form.ShowPassword')}
            onClick={() => setVisible((shown) => !shown)}
          >
            <Icon svg={visible ? eyeSlashIcon : eyeIcon} />
            <span className="visually-hidden">
              {visible ? t('form.HidePassword') : t('form.ShowPassword')}
            </span>
          </button>
        </div>
      )}
    </FieldRow>
  );
}
