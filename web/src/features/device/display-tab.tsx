import { DIAGRAM_DURATION, DISPLAY_CONTRAST } from '@heliodtu/contract/limits';
import { NumberField, RangeField, SelectField, SwitchField } from '@/components/form/fields';
import { FormSection } from '@/components/form/form-section';
import { useFormat } from '@/lib/format';
import { useI18nStore } from '@/lib/i18n/i18n-store';
import { useT } from '@/lib/i18n/use-t';

/** Display settings (spec §2 Display tab); `locale` is the value loaded, kept as an option. */
export function DisplayTab({ locale }: { locale: string }) {
  const t = useT();
  const format = useFormat();
  const languages = useI18nStore((state) => state.languages);
  const locales = languages.map((language) => ({ value: language.code, label: language.name }));
  if (!locales.some((option) => option.value === locale)) {
    locales.push({ value: locale, label: locale });
  }
  const modes = [
    { value: 0, label: t('deviceadmin.off') },
    { value: 1, label: t('deviceadmin.small') },
    { value: 2, label: t('deviceadmin.fullscreen') },
  ];
  const rotations = [
    { value: 0, label: t('deviceadmin.Rot0') },
    { value: 1, label: t('deviceadmin.Rot90') },
    { value: 2, label: t('deviceadmin.Rot180') },
    { value: 3, label: t('deviceadmin.Rot270') },
  ];
  return (
    <FormSection title={t('deviceadmin.Display')}>
      <SwitchField
        name="display.power_safe"
        label={t('deviceadmin.PowerSafe')}
        help={t('deviceadmin.PowerSafeHint')}
      />
      <SwitchField
        name="display.screensaver"
        label={t('deviceadmin.Screensaver')}
        help={t('deviceadmin.ScreensaverHint')}
      />
      <SelectField
        name="display.diagrammode"
        label={t('deviceadmin.DiagramMode')}
        options={modes}
      />
      <NumberField
        name="display.diagramduration"
        label={t('deviceadmin.DiagramDuration')}
        help={t('deviceadmin.DiagramDurationHint')}
        min={DIAGRAM_DURATION.min}
        max={DIAGRAM_DURATION.max}
        step={1}
        postfix={t('deviceadmin.Seconds')}
      />
      <SelectField
        name="display.locale"
        label={t('deviceadmin.DisplayLanguage')}
        options={locales}
      />
      <SelectField name="display.rotation" label={t('deviceadmin.Rotation')} options={rotations} />
      <RangeField
        name="display.contrast"
        label={t('deviceadmin.ContrastLevel')}
        min={DISPLAY_CONTRAST.min}
        max={DISPLAY_CONTRAST.max}
        format={(value) => format.percent(value / 100)}
      />
    </FormSection>
  );
}
