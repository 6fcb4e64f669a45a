import { useId, useState, type FormEvent } from 'react';
import type { DeviceTestResult } from '@heliodtu/contract/companion';
import type { ApiResult } from '@heliodtu/contract/envelope';
import { AWAY_SECONDS_RANGE } from '@heliodtu/contract/limits';
import { ResultAlert, type ShownResult } from '@/components/ui/result-alert';
import { isMqttAddress, withDeviceProblemReason } from './device-problem-reason';
import { useT } from '@/lib/i18n/use-t';
import { awaySecondsOf } from './device-reach';
import { useDeviceAction } from './devices-api';

export interface DeviceFormValues {
  name: string;
  url: string;
  user: string;
  password: string;
  /** A device on a broker: "Away after" in seconds as typed; empty for the shared or automatic time. */
  away: string;
}

export const EMPTY_DEVICE: DeviceFormValues = {
  name: '',
  url: '',
  user: 'admin',
  password: '',
  away: '',
};

interface DeviceFormProps {
  initial: DeviceFormValues;
  /** Editing a stored device: an empty password keeps the stored one. */
  editing: boolean;
  submitLabel: string;
  busy: boolean;
  /** DTU_AWAY_S: what an empty "Away after" means; null (or absent) for the automatic time. */
  sharedAwaySeconds?: number | null | undefined;
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
  sharedAwaySeconds,
  onSubmit,
  onCancel,
}: DeviceFormProps) {
  const t = useT();
  const id = useId();
  const [values, setValues] = useState(initial);
  const [result, setResult] = useState<ShownResult | null>(null);
  const [awayInvalid, setAwayInvalid] = useState(false);
  const test = useDeviceAction('test');
  const set = (key: keyof DeviceFormValues) => (event: { target: { value: string } }) =>
    setValues((current) => {
      const next = { ...current, [key]: event.target.value };
      if (key === 'away') setAwayInvalid(false);
      // OpenDTU's user name is no broker's: a broker is asked anonymously unless one is typed.
      if (key === 'url' && isMqttAddress(next.url) && current.user === EMPTY_DEVICE.user) {
        next.user = '';
      }
      return next;
    });
  const complete = values.name.trim() !== '' && values.url.trim() !== '';
  const onBroker = isMqttAddress(values.url);

  const onTest = async () => {
    setResult(null);
    const { name: _name, away: _away, ...login } = values;
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
    if (onBroker && awaySecondsOf(values.away) === undefined) {
      setAwayInvalid(true);
      return;
    }
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
        {field(
          'password',
          t('devices.Password'),
          'password',
          {
            autoComplete: 'new-password',
            ...(editing ? { placeholder: t('devices.PasswordKeep') } : {}),
          },
          // Under its own field: the away time may follow the row.
          editing ? t('devices.PasswordHint') : undefined,
        )}
      </div>
      {onBroker && (
        <div className="row g-3 mt-0">
          <div className="col-12 col-md-6">
            <label htmlFor={`${id}-away`} className="form-label">
              {t('devices.AwayAfter')}
            </label>
            <div className={`input-group${awayInvalid ? ' has-validation' : ''}`}>
              <input
                id={`${id}-away`}
                className={`form-control${awayInvalid ? ' is-invalid' : ''}`}
                type="number"
                inputMode="numeric"
                min={AWAY_SECONDS_RANGE.min}
                max={AWAY_SECONDS_RANGE.max}
                step={1}
                value={values.away}
                onChange={set('away')}
                placeholder={
                  sharedAwaySeconds == null ? t('devices.AwayEmpty') : String(sharedAwaySeconds)
                }
                aria-invalid={awayInvalid}
                aria-describedby={`${id}-away-hint${awayInvalid ? ` ${id}-away-error` : ''}`}
              />
              <span className="input-group-text">{t('devices.Seconds')}</span>
              {awayInvalid && (
                <div id={`${id}-away-error`} className="invalid-feedback">
                  {t('devices.AwayInvalid', AWAY_SECONDS_RANGE)}
                </div>
              )}
            </div>
            <div id={`${id}-away-hint`} className="form-text">
              {t('devices.AwayHint', {
                ...AWAY_SECONDS_RANGE,
                empty:
                  sharedAwaySeconds == null
                    ? t('devices.AwayAuto')
                    : t('devices.AwayShared', { seconds: sharedAwaySeconds }),
              })}
            </div>
          </div>
        </div>
      )}
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
