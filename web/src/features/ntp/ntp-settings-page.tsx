import type { NtpConfig } from '@heliodtu/contract/ntp';
import { SUNSET_TYPES, LATITUDE, LONGITUDE, NTP_SERVER_MAX } from '@heliodtu/contract/limits';
import { ConfigFormPage } from '@/components/form/config-form-page';
import { FieldRow } from '@/components/form/field-row';
import { NumberField, SelectField, TextField } from '@/components/form/fields';
import { FormSection } from '@/components/form/form-section';
import { useT } from '@/lib/i18n/use-t';
import { toNtpRequest, validateNtp } from './ntp-form';
import { TimeSyncCard } from './time-sync-card';
import { TimezoneField } from './timezone-field';

/** Sun-set types 0..3 by the names the interface spells (spec §3, "ASTONOMICAL" included). */
const SUNSET_KEYS = [
  'ntpadmin.OFFICIAL',
  'ntpadmin.NAUTICAL',
  'ntpadmin.CIVIL',
  'ntpadmin.ASTONOMICAL',
] as const;

/** Time server, time zone, location and sun-set type, then manual time sync (spec §2 NTP settings). */
export function NtpSettingsPage() {
  const t = useT();
  const sunsetOptions = SUNSET_TYPES.map((type) => ({ value: type, label: t(SUNSET_KEYS[type]) }));
  return (
    <ConfigFormPage<NtpConfig>
      title={t('ntpadmin.NtpSettings')}
      area="ntp"
      toRequest={toNtpRequest}
      validate={validateNtp}
      after={<TimeSyncCard />}
    >
      {({ values }) => (
        <>
          <FormSection title={t('ntpadmin.NtpConfiguration')}>
            <TextField
              name="ntp_server"
              label={t('ntpadmin.TimeServer')}
              help={t('ntpadmin.TimeServerHint')}
              maxLength={NTP_SERVER_MAX}
              inputMode="url"
            />
            <TimezoneField />
            <FieldRow label={t('ntpadmin.TimezoneConfig')} help={t('ntpadmin.TimezoneConfigHint')}>
              {(ids) => (
                <input
                  id={ids.inputId}
                  className="form-control font-monospace"
                  value={values.ntp_timezone}
                  readOnly
                  aria-describedby={ids.describedBy}
                />
              )}
            </FieldRow>
          </FormSection>
          <FormSection title={t('ntpadmin.LocationConfiguration')}>
            <NumberField
              name="latitude"
              label={t('ntpadmin.Latitude')}
              help={t('ntpadmin.LocationHint')}
              min={LATITUDE.min}
              max={LATITUDE.max}
              step="any"
              postfix="°"
            />
            <NumberField
              name="longitude"
              label={t('ntpadmin.Longitude')}
              min={LONGITUDE.min}
              max={LONGITUDE.max}
              step="any"
              postfix="°"
            />
            <SelectField
              name="sunsettype"
              label={t('ntpadmin.SunSetType')}
              help={t('ntpadmin.SunSetTypeHint')}
              options={sunsetOptions}
            />
          </FormSection>
        </>
      )}
    </ConfigFormPage>
  );
}
