import { useId, useState } from 'react';
import type { GovernedInverter } from '@heliodtu/contract/export-control';
import { EXPORT_CONTROL_INVERTERS_MAX, EXPORT_CONTROL_LIMIT_W } from '@heliodtu/contract/limits';
import { NumberField } from '@/components/form/fields';
import type { SettingsForm } from '@/components/form/use-settings-form';
import { useT } from '@/lib/i18n/use-t';
import { governedKey, type ControlForm } from '../control-form';

/** An inverter that can be governed: from the live data, on the device it is on. */
export interface Candidate {
  device: string;
  serial: string;
  name: string;
  /** Its device's name where there are several, else null. */
  deviceName: string | null;
  /** Its absolute limit now, W (the upper limit offered), 0 when unknown. */
  limitW: number;
}

/** Without a known limit: a micro-inverter's common size. */
const DEFAULT_UPPER_W = 800;

const newGoverned = (candidate: Candidate): GovernedInverter => {
  const upper = Math.min(
    Math.round(candidate.limitW > 0 ? candidate.limitW : DEFAULT_UPPER_W),
    EXPORT_CONTROL_LIMIT_W.max,
  );
  return {
    device: candidate.device,
    serial: candidate.serial,
    lower_w: 0,
    upper_w: upper,
    fallback_w: null,
    restore_w: null,
  };
};

/**
 * The governed inverters, chosen one by one across devices: each with its lower and upper limit
 * and the optional fallback and restore limits; the rest of the fleet to add from.
 */
export function GovernedPicker({
  form,
  candidates,
}: {
  form: SettingsForm<ControlForm>;
  candidates: readonly Candidate[];
}) {
  const t = useT();
  const id = useId();
  const governed = form.values.inverters;
  const chosen = new Set(governed.map(governedKey));
  const free = candidates.filter((candidate) => !chosen.has(governedKey(candidate)));
  const [picked, setPicked] = useState('');
  const pick = free.find((candidate) => governedKey(candidate) === picked) ?? free[0];
  const nameOf = (inverter: GovernedInverter) => {
    const found = candidates.find((c) => governedKey(c) === governedKey(inverter));
    if (!found) return t('powercontrol.UnknownInverter', { serial: inverter.serial });
    return found.deviceName === null
      ? found.name
      : t('powercontrol.InverterOn', { name: found.name, device: found.deviceName });
  };
  const setInverters = (next: GovernedInverter[]) =>
    form.update((values) => ({ ...values, inverters: next }));
  const message = form.messageFor('inverters');
  return (
    <fieldset className="mb-3">
      <legend className="h6">{t('powercontrol.GovernedInverters')}</legend>
      <p className="form-text mt-0">{t('powercontrol.GovernedHint')}</p>
      {governed.length === 0 && (
        <p className="text-body-secondary">{t('powercontrol.NoneChosen')}</p>
      )}
      {governed.map((inverter, i) => (
        <section
          className="border rounded px-3 py-2 mb-3"
          key={governedKey(inverter)}
          aria-label={nameOf(inverter)}
          data-testid={`governed-setting-${inverter.serial}`}
        >
          <div className="d-flex flex-wrap align-items-baseline gap-2 mb-2">
            <h3 className="h6 mb-0 me-auto">{nameOf(inverter)}</h3>
            <button
              type="button"
              className="btn btn-outline-danger btn-sm"
              onClick={() => setInverters(governed.filter((_, j) => j !== i))}
            >
              {t('powercontrol.Remove', { name: nameOf(inverter) })}
            </button>
          </div>
          <NumberField
            name={`inverters.${i}.lower_w`}
            label={t('powercontrol.Lower')}
            postfix="W"
            min={0}
          />
          <NumberField
            name={`inverters.${i}.upper_w`}
            label={t('powercontrol.Upper')}
            postfix="W"
            min={0}
          />
          <NumberField
            name={`inverters.${i}.fallback_w`}
            label={t('powercontrol.Fallback')}
            help={t('powercontrol.FallbackHint')}
            postfix="W"
            min={0}
          />
          <NumberField
            name={`inverters.${i}.restore_w`}
            label={t('powercontrol.Restore')}
            help={t('powercontrol.RestoreHint')}
            postfix="W"
            min={0}
          />
        </section>
      ))}
      {message && (
        <div className="invalid-feedback d-block">
          {t('powercontrol.TooManyInverters', { max: EXPORT_CONTROL_INVERTERS_MAX })}
        </div>
      )}
      {free.length > 0 && pick && (
        <div className="d-flex flex-wrap gap-2 align-items-center">
          <label className="form-label mb-0" htmlFor={`${id}-add`}>
            {t('powercontrol.AddLabel')}
          </label>
          <select
            id={`${id}-add`}
            className="form-select w-auto"
            value={governedKey(pick)}
            onChange={(event) => setPicked(event.target.value)}
          >
            {free.map((candidate) => (
              <option key={governedKey(candidate)} value={governedKey(candidate)}>
                {candidate.deviceName === null
                  ? candidate.name
                  : t('powercontrol.InverterOn', {
                      name: candidate.name,
                      device: candidate.deviceName,
                    })}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="btn btn-outline-primary"
            onClick={() => {
              setInverters([...governed, newGoverned(pick)]);
              setPicked('');
            }}
          >
            {t('powercontrol.Add')}
          </button>
        </div>
      )}
    </fieldset>
  );
}
