import { lazy, Suspense, useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { ApiCode } from '@heliodtu/contract/codes';
import type { ApiResult } from '@heliodtu/contract/envelope';
import type { LimitConfigRequest } from '@heliodtu/contract/limit';
import { limitTypeFor, type LimitKind } from '@heliodtu/contract/domain/limit-type';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { detectFirmwareGeneration } from '@/lib/firmware-generation';
import { ResultAlert, type ShownResult } from '@/components/ui/result-alert';
import { RichText } from '@/lib/i18n/rich-text';
import { useT } from '@/lib/i18n/use-t';
import { StatusBadge } from '../components/status-badge';
import { liveApi } from '../live-api';
import { limitRequestActions } from '../limit-request-store';
import { useRequest } from '../use-request';
import { runCommand } from './command-result';
import { DialogBodyState } from './dialog-body-state';
import type { InverterDialogProps } from './inverter-dialog-props';
import { defaultLimitText, rangeFor, validateLimit, type LimitFormResult } from './limit-form';
import { LimitPreviewText } from './limit-preview-text';
import { liveKeyOf } from '@/lib/live-key';

// Whether export control governs the inverter (issue 35): a gateway's, never the firmware build's.
const ExportControlNote =
  import.meta.env.MODE === 'firmware'
    ? null
    : lazy(() => import('./export-control-note').then((m) => ({ default: m.ExportControlNote })));

/** Re-read the status this often while open, so Pending turns Ok before the user's eyes. */
export const STATUS_REFRESH_MS = 2_000;

/**
 * Sends a limit with the type the device accepts (wire-current §2): "kept after restart" is
 * 256/257 on v24 and 2/3 on v26. While the generation cannot be read, the current value goes
 * first and the reference's follows only on its refusal (5003), so no refusal reaches the user.
 */
export async function sendLimit(
  request: LimitConfigRequest,
  kind: LimitKind,
  dtu: string | null = null,
): Promise<ApiResult> {
  // The generation read is the first device's; another device behind a companion (issue 27)
  // may differ, so its limit takes the path for an unknown generation.
  const generation = dtu === null ? await detectFirmwareGeneration() : null;
  const answer = await liveApi.setLimit(
    { ...request, limit_type: limitTypeFor(kind, generation ?? 'v26') },
    dtu,
  );
  if (generation || !kind.persistent || answer?.code !== ApiCode.LimitInvalidType) return answer;
  return liveApi.setLimit({ ...request, limit_type: limitTypeFor(kind, 'v24') }, dtu);
}

/** Limit settings (spec §2, §4): relative or absolute, persistent or not, the last status. */
export function LimitDialog({ open, serial, dtu = null, onClose }: InverterDialogProps) {
  const t = useT();
  const id = useId();
  const { data, error, loading } = useRequest(
    () => liveApi.limitStatus(dtu),
    open,
    STATUS_REFRESH_MS,
  );
  const status = data?.[serial];
  const [relative, setRelative] = useState(true);
  const [persistent, setPersistent] = useState(false);
  // null: untouched, the current limit shows.
  const [typed, setTyped] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<LimitFormResult | null>(null);
  const [result, setResult] = useState<ShownResult | null>(null);
  const [busy, setBusy] = useState(false);
  const dismiss = useCallback(() => setResult(null), []);
  // Asked as the dialog opens, so a send does not wait for it (sendLimit).
  useEffect(() => {
    if (open) void detectFirmwareGeneration();
  }, [open]);

  const value = typed ?? defaultLimitText(relative, status);
  const range = rangeFor(relative, status);
  const errorText =
    invalid && !invalid.ok
      ? invalid.error === 'required'
        ? t('livedialogs.LimitRequired')
        : t('livedialogs.LimitRange', invalid.range)
      : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validateLimit(serial, { value, relative, persistent }, status);
    setInvalid(checked.ok ? null : checked);
    if (!checked.ok) return;
    setBusy(true);
    setResult(null);
    const sent = () => {
      // The header shows it as requested until the inverter reports it (issue 15).
      limitRequestActions.sent(liveKeyOf({ serial, dtu }), {
        value: checked.request.limit_value,
        relative,
        persistent,
        sentAt: Date.now(),
      });
      onClose();
    };
    await runCommand(
      () => sendLimit(checked.request, { relative, persistent }, dtu),
      sent,
      setResult,
    );
    setBusy(false);
  };

  const chooseType = (nextRelative: boolean) => {
    setRelative(nextRelative);
    setTyped(null);
    setInvalid(null);
  };

  const footer = (
    <button type="submit" form={`${id}-form`} className="btn btn-primary" disabled={busy || !data}>
      {t('livedialogs.SetLimitNow')}
    </button>
  );

  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title={t('livedialogs.LimitSettings')}
      footer={footer}
    >
      <DialogBodyState loading={loading} error={error} ready={data !== undefined}>
        <ResultAlert result={result} onDismiss={dismiss} autoDismissMs={0} />
        {ExportControlNote && (
          <Suspense fallback={null}>
            <ExportControlNote open={open} serial={serial} dtu={dtu} />
          </Suspense>
        )}
        <p className="d-flex align-items-center gap-2">
          {t('livedialogs.LastLimitSetStatus')} <StatusBadge status={status?.limit_set_status} />
        </p>
        <form id={`${id}-form`} noValidate onSubmit={(event) => void submit(event)}>
          <fieldset className="mb-3">
            <legend className="fs-6">{t('livedialogs.LimitType')}</legend>
            {([true, false] as const).map((isRelative) => (
              <div className="form-check form-check-inline" key={String(isRelative)}>
                <input
                  className="form-check-input"
                  type="radio"
                  name={`${id}-type`}
                  id={`${id}-type-${isRelative}`}
                  checked={relative === isRelative}
                  onChange={() => chooseType(isRelative)}
                />
                <label className="form-check-label" htmlFor={`${id}-type-${isRelative}`}>
                  {t(isRelative ? 'livedialogs.Relative' : 'livedialogs.Absolute')}
                </label>
              </div>
            ))}
          </fieldset>
          <label className="form-label" htmlFor={`${id}-value`}>
            {t('livedialogs.SetLimit')}
          </label>
          <div className="input-group has-validation mb-1">
            <input
              id={`${id}-value`}
              type="number"
              inputMode="decimal"
              step="any"
              min={range.min}
              max={range.max}
              className={`form-control${errorText ? ' is-invalid' : ''}`}
              value={value}
              aria-invalid={errorText !== undefined}
              aria-describedby={`${id}-help${errorText ? ` ${id}-error` : ''}`}
              onChange={(event) => setTyped(event.target.value)}
            />
            <span className="input-group-text">{relative ? '%' : 'W'}</span>
            {errorText && (
              <div className="invalid-feedback" id={`${id}-error`}>
                {errorText}
              </div>
            )}
          </div>
          <div className="form-text mb-3" id={`${id}-help`}>
            {status && status.max_power > 0
              ? t('livedialogs.MaxPower', { max: status.max_power })
              : t('livedialogs.MaxPowerUnknown', { max: rangeFor(false, status).max })}
          </div>
          <div className="form-check form-switch mb-3">
            <input
              className="form-check-input"
              type="checkbox"
              role="switch"
              id={`${id}-persistent`}
              checked={persistent}
              onChange={(event) => setPersistent(event.target.checked)}
            />
            <label className="form-check-label" htmlFor={`${id}-persistent`}>
              {t('livedialogs.Persistent')}
            </label>
          </div>
          <LimitPreviewText
            id={`${id}-preview`}
            text={value}
            relative={relative}
            persistent={persistent}
            status={status}
          />
          {!relative && (
            <div className="alert alert-secondary small mb-0">
              <RichText text={t('livedialogs.LimitHint')} />
            </div>
          )}
        </form>
      </DialogBodyState>
    </ModalDialog>
  );
}
