import { useMemo } from 'react';
import type { NtpConfig } from '@heliodtu/contract/ntp';
import { FieldRow } from '@/components/form/field-row';
import { useFormContext, type SettingsForm } from '@/components/form/use-settings-form';
import { useT } from '@/lib/i18n/use-t';
import { useZones } from './api/zones';
import { TIMEZONE_FIELD } from './ntp-form';
import { findZone, zoneGroups, zoneKey } from './zone-options';

/**
 * The time zone chosen from the device's list (api/ntp/zones, else zones.json): one choice sets
 * both the POSIX string and its name (spec §4), and both are posted: v24 stores the string, v26
 * derives the zone from the name (wire-current §2). A zone that is not in the
 * list (set by an older firmware or a restored file) stays selectable as it is, and so does the
 * configured one while the list loads or if it fails.
 */
export function TimezoneField() {
  const t = useT();
  const form = useFormContext() as SettingsForm<NtpConfig>;
  const zones = useZones();
  const groups = useMemo(() => (zones.data ? zoneGroups(zones.data) : []), [zones.data]);
  const { ntp_timezone: posix, ntp_timezone_descr: name } = form.values;
  const value = zoneKey(name, posix);
  const listed = findZone(groups, value) !== undefined;
  const message = form.messageFor(TIMEZONE_FIELD);

  // The options are the same on every keystroke elsewhere in the form: build them once.
  const options = useMemo(
    () =>
      groups.map((group) => (
        <optgroup key={group.area} label={group.area || '—'}>
          {group.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </optgroup>
      )),
    [groups],
  );

  return (
    <FieldRow
      label={t('ntpadmin.Timezone')}
      message={message}
      help={zones.isError ? t('ntpadmin.TimezonesFailed') : undefined}
    >
      {(ids) => (
        <select
          id={ids.inputId}
          data-field={TIMEZONE_FIELD}
          className={`form-select${ids.invalid ? ' is-invalid' : ''}`}
          value={value}
          aria-invalid={ids.invalid}
          aria-describedby={ids.describedBy}
          onChange={(event) => {
            const chosen = findZone(groups, event.target.value);
            if (!chosen) return;
            form.update((values) => ({
              ...values,
              ntp_timezone: chosen.posix,
              ntp_timezone_descr: chosen.name,
            }));
            form.touch(TIMEZONE_FIELD);
          }}
        >
          {!listed && (
            <option value={value}>
              {zones.isSuccess ? t('ntpadmin.TimezoneUnlisted', { name }) : name}
            </option>
          )}
          {options}
        </select>
      )}
    </FieldRow>
  );
}
