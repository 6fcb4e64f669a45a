import {
  EXPORT_CONTROL_COMMAND_SPACING_S,
  EXPORT_CONTROL_HYSTERESIS_W,
  EXPORT_CONTROL_MANUAL_PAUSE_MIN,
  EXPORT_CONTROL_TARGET_W,
} from '@heliodtu/contract/limits';
import { NumberField, SwitchField } from '@/components/form/fields';
import { FormSection } from '@/components/form/form-section';
import { TimeField } from '@/components/form/time-field';
import type { SettingsForm } from '@/components/form/use-settings-form';
import { useT } from '@/lib/i18n/use-t';
import type { ControlForm } from '../control-form';
import { GovernedPicker, type Candidate } from './governed-picker';

/** Export control's fields: on/off, target, hysteresis, spacing, pause, window, the inverters. */
export function ControlFields({
  form,
  candidates,
}: {
  form: SettingsForm<ControlForm>;
  candidates: readonly Candidate[];
}) {
  const t = useT();
  return (
    <FormSection title={t('powercontrol.ControlSettings')}>
      <SwitchField
        name="enabled"
        label={t('powercontrol.Enabled')}
        help={t('powercontrol.EnabledHint')}
      />
      <NumberField
        name="target_w"
        label={t('powercontrol.TargetLabel')}
        help={t('powercontrol.TargetHint')}
        min={EXPORT_CONTROL_TARGET_W.min}
        max={EXPORT_CONTROL_TARGET_W.max}
        postfix="W"
      />
      <NumberField
        name="hysteresis_w"
        label={t('powercontrol.Hysteresis')}
        help={t('powercontrol.HysteresisHint')}
        min={EXPORT_CONTROL_HYSTERESIS_W.min}
        max={EXPORT_CONTROL_HYSTERESIS_W.max}
        postfix="W"
      />
      <NumberField
        name="command_spacing_s"
        label={t('powercontrol.Spacing')}
        help={t('powercontrol.SpacingHint')}
        min={EXPORT_CONTROL_COMMAND_SPACING_S.min}
        max={EXPORT_CONTROL_COMMAND_SPACING_S.max}
        postfix="s"
      />
      <NumberField
        name="manual_pause_min"
        label={t('powercontrol.ManualPause')}
        help={t('powercontrol.ManualPauseHint')}
        min={EXPORT_CONTROL_MANUAL_PAUSE_MIN.min}
        max={EXPORT_CONTROL_MANUAL_PAUSE_MIN.max}
        postfix="min"
      />
      <SwitchField
        name="window.enabled"
        label={t('powercontrol.Window')}
        help={t('powercontrol.WindowHint')}
      />
      {form.values.window.enabled && (
        <>
          <TimeField name="window.start" label={t('powercontrol.WindowFrom')} />
          <TimeField name="window.end" label={t('powercontrol.WindowUntil')} />
        </>
      )}
      <GovernedPicker form={form} candidates={candidates} />
    </FormSection>
  );
}
