import type { LoggingConfig } from '@heliodtu/contract/logging';
import { ConfigFormPage } from '@/components/form/config-form-page';
import { SelectField } from '@/components/form/fields';
import { FormSection } from '@/components/form/form-section';
import { Page } from '@/components/layout/page';
import { useEffect } from 'react';
import { detectFirmwareGeneration, useFirmwareGeneration } from '@/lib/firmware-generation';
import { useT } from '@/lib/i18n/use-t';
import { DEFAULT_LEVELS, MODULE_LEVELS, levelKey, toLoggingRequest } from './logging-form';

/**
 * Log levels of current firmware (v26.3.30, wire-current §3): the default level and one per
 * module, which may inherit the default. Only such a device has GET/POST api/logging/config;
 * on a reference device (v24) the screen says so instead of failing to load.
 */
export function LoggingSettingsPage() {
  const t = useT();
  const generation = useFirmwareGeneration();
  // Reached by a link or a reload, before any menu asked.
  useEffect(() => void detectFirmwareGeneration(), []);
  if (generation === 'v24') {
    return (
      <Page title={t('loggingadmin.LoggingSettings')}>
        <div className="alert alert-info" role="status">
          {t('loggingadmin.NotAvailable')}
        </div>
      </Page>
    );
  }
  return (
    <ConfigFormPage<LoggingConfig>
      title={t('loggingadmin.LoggingSettings')}
      area="logging"
      toRequest={toLoggingRequest}
    >
      {({ values }) => {
        const defaultName = t(levelKey(values.loglevel.default));
        const levelOptions = (levels: readonly number[]) =>
          levels.map((level) => ({
            value: level,
            label:
              level < 0
                ? t('loggingadmin.LevelInherit', { level: defaultName })
                : `${level} · ${t(levelKey(level))}`,
          }));
        return (
          <>
            <FormSection title={t('loggingadmin.DefaultLevel')}>
              <SelectField
                name="loglevel.default"
                label={t('loggingadmin.DefaultLevel')}
                help={t('loggingadmin.DefaultLevelHint')}
                options={levelOptions(DEFAULT_LEVELS)}
              />
            </FormSection>
            <FormSection title={t('loggingadmin.Modules')}>
              <p className="form-text mt-0">{t('loggingadmin.ModulesHint')}</p>
              {values.loglevel.modules.map((module, index) => (
                <SelectField
                  key={module.name}
                  name={`loglevel.modules.${index}.level`}
                  label={<span className="font-monospace">{module.name}</span>}
                  options={levelOptions(MODULE_LEVELS)}
                />
              ))}
            </FormSection>
          </>
        );
      }}
    </ConfigFormPage>
  );
}
