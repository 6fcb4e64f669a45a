import { hzToMhz } from '@heliodtu/contract/domain/frequency';
import { CMT_PA_LEVEL, DTU_SERIAL_MAX_DIGITS, POLL_INTERVAL } from '@heliodtu/contract/limits';
import { Link } from 'wouter';
import { ConfigFormPage } from '@/components/form/config-form-page';
import { NumberField, RangeField, SelectField, TextField } from '@/components/form/fields';
import { FormSection } from '@/components/form/form-section';
import type { SettingsForm } from '@/components/form/use-settings-form';
import { useFormat } from '@/lib/format';
import { useT, useTranslateAny } from '@/lib/i18n/use-t';
import { PATHS } from '@/lib/paths';
import {
  countryPlan,
  illegalFrequencyBand,
  NRF_LEVELS,
  toDtuForm,
  toDtuRequest,
  validateDtu,
  withCountry,
  type DtuConfigAnswer,
  type DtuFormValues,
} from './dtu-form';

const upperCase = (text: string) => text.toUpperCase();

/** Serial, poll interval and the settings of each radio the board has (spec §2 DTU settings). */
export function DtuSettingsPage() {
  const t = useT();
  return (
    <ConfigFormPage<DtuConfigAnswer, DtuFormValues>
      title={t('dtuadmin.DtuSettings')}
      area="dtu"
      toForm={toDtuForm}
      toRequest={toDtuRequest}
      validate={validateDtu}
    >
      {(form) => (
        <>
          <FormSection title={t('dtuadmin.DtuConfiguration')}>
            <TextField
              name="serial"
              label={t('dtuadmin.Serial')}
              help={t('dtuadmin.SerialHint')}
              maxLength={DTU_SERIAL_MAX_DIGITS}
              transform={upperCase}
            />
            <NumberField
              name="pollinterval"
              label={t('dtuadmin.PollInterval')}
              help={t('dtuadmin.PollIntervalHint')}
              min={POLL_INTERVAL.min}
              max={POLL_INTERVAL.max}
              step={1}
              postfix={t('dtuadmin.Seconds')}
            />
          </FormSection>
          {form.values.nrf_enabled && <NrfSection />}
          {form.values.cmt_enabled && <CmtSection form={form} />}
          {!form.values.nrf_enabled && !form.values.cmt_enabled && <NoRadioNote />}
        </>
      )}
    </ConfigFormPage>
  );
}

function NrfSection() {
  const t = useT();
  const tAny = useTranslateAny();
  const options = NRF_LEVELS.map((level) => ({
    value: level.value,
    label: tAny(`dtuadmin.${level.name}`, { db: level.dbm }),
  }));
  return (
    <FormSection title={t('dtuadmin.NrfRadio')}>
      <SelectField
        name="nrf_palevel"
        label={t('dtuadmin.NrfPaLevel')}
        help={t('dtuadmin.NrfPaLevelHint')}
        options={options}
      />
    </FormSection>
  );
}

function CmtSection({ form }: { form: SettingsForm<DtuFormValues> }) {
  const t = useT();
  const tAny = useTranslateAny();
  const format = useFormat();
  const values = form.values;
  const mhz = (hz: number) => format.decimal(hzToMhz(hz), 2);
  const countries = values.country_def.map((plan, id) => ({
    value: id,
    label: tAny(`dtuadmin.country_${id}`, { min: mhz(plan.freq_min), max: mhz(plan.freq_max) }),
  }));
  const plan = countryPlan(values);
  const illegal = illegalFrequencyBand(values);
  return (
    <FormSection title={t('dtuadmin.CmtRadio')}>
      <RangeField
        name="cmt_palevel"
        label={t('dtuadmin.CmtPaLevel')}
        help={t('dtuadmin.CmtPaLevelHint')}
        min={CMT_PA_LEVEL.min}
        max={CMT_PA_LEVEL.max}
        format={(dbm) => t('dtuadmin.dBm', { dbm })}
      />
      <SelectField
        name="cmt_country"
        label={t('dtuadmin.CmtCountry')}
        help={t('dtuadmin.CmtCountryHint')}
        options={countries}
        onSelect={(country) => form.update((current) => withCountry(current, country))}
      />
      {plan && (
        <RangeField
          name="cmt_frequency"
          label={t('dtuadmin.CmtFrequency')}
          help={t('dtuadmin.CmtFrequencyHint')}
          min={plan.freq_min}
          max={plan.freq_max}
          step={values.cmt_chan_width}
          format={(hz) => t('dtuadmin.MHz', { mhz: mhz(hz) })}
          footer={
            // Polite live region: the warning appears and goes while the slider moves.
            <div aria-live="polite">
              {illegal && (
                <div className="alert alert-danger py-2 px-3 mt-2 mb-0 small">
                  {t('dtuadmin.CmtFrequencyWarning', {
                    min: format.decimal(illegal.min, 2),
                    max: format.decimal(illegal.max, 2),
                  })}
                </div>
              )}
            </div>
          }
        />
      )}
    </FormSection>
  );
}

function NoRadioNote() {
  const t = useT();
  return (
    <div className="alert alert-info">
      <p className="mb-1">{t('dtuadmin.NoRadio')}</p>
      <Link href={PATHS.deviceManager} className="alert-link">
        {t('dtuadmin.NoRadioLink')}
      </Link>
    </div>
  );
}
