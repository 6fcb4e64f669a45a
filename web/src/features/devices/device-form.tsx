import { useId, useState, type FormEvent } from 'react';
import type { DeviceTestResult } from '@heliodtu/contract/companion';
import type { ApiResult } from '@heliodtu/contract/envelope';
import { ResultAlert, type ShownResult } from '@/components/ui/result-alert';
import { isMqttAddress, withDeviceProblemReason } from './device-problem-reason';
import { useT } from '@/lib/i18n/use-t';
import { useDeviceAction } from './devices-api';

export interface DeviceFormValues {
  name: string;
  url: string;
  user: string;
  password: string;
}

export const EMPTY_DEVICE: DeviceFormValues = { name: '', url: '', user: 'admin', password: '' };

interface DeviceFormProps {
  initial: DeviceFormValues;
  /** Editing a stored device: an empty password keeps the stored one. */
  editing: boolean;
  submitLabel: string;
  busy: boolean;
  /** Saves; answers the companion's result, shown below the form. Success clears nothing here. */
  onSubmit(values: DeviceFormValues): Promise<ApiResult>;
  onCancel?: () => void;
}

/**
 * Name, address and login of one device, with "Test connection" (the companion connects with
 * them and says whether an OpenDTU answered, saving nothing). The password is write-only. An
 * `mqtt://` address is a device known by its topics on a broker (issue 37): the login is the
 * broker's, and the test says the DTU's host name and how many inverters it found.
 */
export function DeviceForm({
  initial,
  editing,
  submitLabel,
  busy,
  onSubmit,
  onCancel,
}: DeviceFormProps) {
  const t = useT();
  const id = useId();
  const [values, setValues] = useState(initial);
  const [result, setResult] = useState<ShownResult | null>(null);
  const test = useDeviceAction('test');
  const set = (key: keyof DeviceFormValues) => (event: { target: { value: string } }) =>
    setValues((current) => {
      const next = { ...current, [key]: event.target.value };
      // OpenDTU's user name is no broker's: a broker is asked anonymously unless one is typed.
      if (key === 'url' && isMqttAddress(next.url) && current.user === EMPTY_DEVICE.user) {
        next.user = '';
      }
      return next;
    });
  const complete = values.name.trim() !== '' && values.url.trim() !== '';

  const onTest = async () => {
    setResult(null);
    const { name: _name, ...login } = values;
    const answer: DeviceTestResult = await test.mutateAsync(login);
    const found = answer.type === 'success' ? answer.found : undefined;
    setResult(
      found
        ? {
            type: 'success',
            message: found.hostname
              ? t(
                  'devices.FoundByTopics',
                  { hostname: found.hostname, count: found.inverters },
                  found.inverters,
                )
              : t('devices.FoundByTopicsNoName', { count: found.inverters }, found.inverters),
          }
        : withDeviceProblemReason(answer, values.url),
    );
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!complete) return;
    setResult(null);
    const answer = await onSubmit({ ...values, name: values.name.trim(), url: values.url.trim() });
    setResult(answer.type === 'success' ? null : withDeviceProblemReason(answer, values.url));
    if (answer.type === 'success' && !editing) setValues(initial);
  };

  const field = (
    key: keyof DeviceFormValues,
    label: string,
    type = 'text',
    extra = {},
    hint?: string,
  ) => (
    <div className="col-12 col-md-6">
      <label htmlFor={`${id}-${key}`} className="form-label">
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        className="form-control"
        type={type}
        value={values[key]}
        onChange={set(key)}
        {...(hint ? { 'aria-describedby': `${id}-${key}-hint` } : {})}
        {...extra}
      />
      {hint && (
        <div id={`${id}-${key}-hint`} className="form-text">
          {hint}
        </div>
      )}
    </div>
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} data-testid="device-form">
      <div className="row g-3">
        {field('name', t('devices.Name'), 'text', { required: true, maxLength: 32 })}
        {field(
          'url',
          t('devices.Url'),
          'url',
          { required: true, placeholder: 'http://192.168.1.50', inputMode: 'url' },
          t('devices.UrlHint'),
        )}
        {field('user', t('devices.User'), 'text', { autoComplete: 'off' })}
        {field('password', t('devices.Password'), 'password', {
          autoComplete: 'new-password',
          ...(editing ? { placeholder: t('devices.PasswordKeep') } : {}),
        })}
      </div>
      {editing && <p className="form-text mb-0">{t('devices.PasswordHint')}</p>}
      <div className="mt-3">
        <ResultAlert result={result} onDismiss={() => setResult(null)} />
      </div>
      <div className="d-flex flex-wrap justify-content-end gap-2">
        {onCancel && (
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            {t('base.Cancel')}
          </button>
        )}
        <button
          type="button"
          className="btn btn-outline-primary"
          disabled={test.isPending || values.url.trim() === ''}
          onClick={() => void onTest()}
        >
          {t('devices.Test')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy || !complete}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
