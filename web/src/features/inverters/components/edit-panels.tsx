import type { Inverter } from '@heliodtu/contract/inverter';
import {
  CHANNEL_MAX_POWER,
  REACHABLE_THRESHOLD,
  STRING_AZIMUTH,
  STRING_TILT,
  YIELD_TOTAL_OFFSET_MIN,
} from '@heliodtu/contract/limits';
import { NumberField, SwitchField, TextField } from '@/components/form/fields';
import { useT } from '@/lib/i18n/use-t';
import { offersOrientation } from '../inverter-form';
import { SerialField } from './serial-field';

/** Serial, name, and when the inverter is polled and commanded (spec §2/§3). */
export function GeneralPanel() {
  const t = useT();
  return (
    <>
      <SerialField label={t('inverteradmin.InverterSerial')} />
      <TextField
        name="name"
        label={t('inverteradmin.InverterName')}
        help={t('inverteradmin.InverterNameHint')}
      />
      <h3 className="h6 mt-4">{t('inverteradmin.InverterStatus')}</h3>
      <SwitchField name="poll_enable" label={t('inverteradmin.PollEnable')} />
      <SwitchField name="poll_enable_night" label={t('inverteradmin.PollEnableNight')} />
      <SwitchField name="command_enable" label={t('inverteradmin.CommandEnable')} />
      <SwitchField name="command_enable_night" label={t('inverteradmin.CommandEnableNight')} />
    </>
  );
}

/**
 * Name, peak power and total-yield offset of each DC input (spec §2 "Per string"), and its
 * azimuth and tilt where the gateway keeps them (issue 23, a HelioDTU extension).
 */
export function StringsPanel({ channels }: { channels: Inverter['channel'] }) {
  const t = useT();
  const withOrientation = offersOrientation(channels);
  return (
    <>
      {channels.map((_channel, index) => (
        <fieldset key={index} className="mb-3">
          <legend className="h6">{t('inverteradmin.StringTitle', { num: index + 1 })}</legend>
          <TextField
            name={`channel.${index}.name`}
            label={t('inverteradmin.StringName')}
            help={index === 0 ? t('inverteradmin.StringNameHint') : undefined}
          />
          <NumberField
            name={`channel.${index}.max_power`}
            label={t('inverteradmin.StringMaxPower')}
            min={CHANNEL_MAX_POWER.min}
            max={CHANNEL_MAX_POWER.max}
            step={1}
            postfix="Wp"
            help={index === 0 ? t('inverteradmin.StringMaxPowerHint') : undefined}
          />
          <NumberField
            name={`channel.${index}.yield_total_offset`}
            label={t('inverteradmin.StringYtOffset')}
            min={YIELD_TOTAL_OFFSET_MIN}
            step="any"
            postfix="kWh"
            help={index === 0 ? t('inverteradmin.StringYtOffsetHint') : undefined}
          />
          {withOrientation && <OrientationFields index={index} />}
        </fieldset>
      ))}
    </>
  );
}

/** A string's azimuth and tilt: which strings the weak-string mark compares (issue 23). */
function OrientationFields({ index }: { index: number }) {
  const t = useT();
  return (
    <>
      <NumberField
        name={`channel.${index}.azimuth`}
        label={t('inverteradmin.StringAzimuth')}
        min={STRING_AZIMUTH.min}
        max={STRING_AZIMUTH.max}
        step={1}
        postfix="°"
        help={index === 0 ? t('inverteradmin.StringAzimuthHint') : undefined}
      />
      <NumberField
        name={`channel.${index}.tilt`}
        label={t('inverteradmin.StringTilt')}
        min={STRING_TILT.min}
        max={STRING_TILT.max}
        step={1}
        postfix="°"
        help={index === 0 ? t('inverteradmin.StringTiltHint') : undefined}
      />
    </>
  );
}

/** Reachability and the midnight and restart behaviour (spec §2). */
export function AdvancedPanel() {
  const t = useT();
  return (
    <>
      <NumberField
        name="reachable_threshold"
        label={t('inverteradmin.ReachableThreshold')}
        min={REACHABLE_THRESHOLD.min}
        max={REACHABLE_THRESHOLD.max}
        step={1}
        help={t('inverteradmin.ReachableThresholdHint')}
      />
      <SwitchField
        name="zero_runtime"
        label={t('inverteradmin.ZeroRuntime')}
        help={t('inverteradmin.ZeroRuntimeHint')}
      />
      <SwitchField
        name="zero_day"
        label={t('inverteradmin.ZeroDay')}
        help={t('inverteradmin.ZeroDayHint')}
      />
      <SwitchField name="clear_eventlog" label={t('inverteradmin.ClearEventlog')} />
      <SwitchField
        name="yieldday_correction"
        label={t('inverteradmin.YieldDayCorrection')}
        help={t('inverteradmin.YieldDayCorrectionHint')}
      />
    </>
  );
}
