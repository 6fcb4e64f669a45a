import type { GridMeterConfig } from '@heliodtu/contract/grid-meter';
import {
  GRID_METER_HTTP_INTERVAL_S,
  GRID_METER_JSON_PATH_MAX,
  GRID_METER_SECRET_MAX,
  GRID_METER_STALE_AFTER_S,
  GRID_METER_TOPIC_MAX,
  GRID_METER_URL_MAX,
} from '@heliodtu/contract/limits';
import { NumberField, SelectField, SwitchField, TextField } from '@/components/form/fields';
import { FormSection } from '@/components/form/form-section';
import { PasswordField } from '@/components/form/password-field';
import type { SettingsForm } from '@/components/form/use-settings-form';
import { useT } from '@/lib/i18n/use-t';
import { METER_HTTP_AUTH, METER_SOURCES, type MeterForm } from '../meter-form';

/** The meter's fields: its source, then what that source needs; the sign and staleness. */
export function MeterFields({
  form,
  config,
}: {
  form: SettingsForm<MeterForm>;
  config: GridMeterConfig;
}) {
  const t = useT();
  const { source, http, broker } = form.values;
  const sources = METER_SOURCES.filter(
    (value) => value !== 'simulated' || config.simulated_available || source === 'simulated',
  ).map((value) => ({ value, label: t(`powercontrol.Source.${value}`) }));
  const auths = METER_HTTP_AUTH.map((value) => ({ value, label: t(`powercontrol.Auth.${value}`) }));
  return (
    <FormSection title={t('powercontrol.MeterSettings')}>
      <SelectField name="source" label={t('powercontrol.SourceLabel')} options={sources} />
      {source === 'mqtt' && (
        <>
          {[0, 1, 2].map((i) => (
            <TextField
              key={i}
              name={`mqtt.topics.${i}`}
              label={t('powercontrol.Topic', { n: i + 1 })}
              help={i === 0 ? t('powercontrol.TopicHint') : undefined}
              maxLength={GRID_METER_TOPIC_MAX}
              placeholder={i === 0 ? 'shellypro3em/status/em:0' : ''}
            />
          ))}
          <TextField
            name="mqtt.json_path"
            label={t('powercontrol.JsonPath')}
            help={t('powercontrol.MqttJsonPathHint')}
            maxLength={GRID_METER_JSON_PATH_MAX}
            placeholder="total_act_power"
          />
        </>
      )}
      {source === 'http' && (
        <>
          <TextField
            name="http.url"
            type="url"
            inputMode="url"
            label={t('powercontrol.HttpUrl')}
            help={t('powercontrol.HttpUrlHint')}
            maxLength={GRID_METER_URL_MAX}
            placeholder="http://192.168.1.60/rpc/EM.GetStatus?id=0"
          />
          <TextField
            name="http.json_path"
            label={t('powercontrol.JsonPath')}
            help={t('powercontrol.HttpJsonPathHint')}
            maxLength={GRID_METER_JSON_PATH_MAX}
            placeholder="total_act_power"
          />
          <SelectField name="http.auth" label={t('powercontrol.AuthLabel')} options={auths} />
          {http.auth !== 'none' && (
            <>
              <TextField
                name="http.username"
                label={t('powercontrol.Username')}
                maxLength={GRID_METER_SECRET_MAX}
              />
              <PasswordField
                name="http.password"
                label={t('powercontrol.Password')}
                help={
                  http.password_set ? t('powercontrol.SecretSet') : t('powercontrol.SecretNotSet')
                }
                maxLength={GRID_METER_SECRET_MAX}
                autoComplete="off"
              />
              {http.password_set && (
                <SwitchField name="http.password_remove" label={t('powercontrol.RemovePassword')} />
              )}
            </>
          )}
          <NumberField
            name="http.interval_s"
            label={t('powercontrol.Interval')}
            min={GRID_METER_HTTP_INTERVAL_S.min}
            max={GRID_METER_HTTP_INTERVAL_S.max}
            postfix="s"
          />
        </>
      )}
      {source !== 'none' && (
        <>
          <SwitchField
            name="invert_sign"
            label={t('powercontrol.InvertSign')}
            help={t('powercontrol.InvertSignHint')}
          />
          <NumberField
            name="stale_after_s"
            label={t('powercontrol.StaleAfter')}
            help={t('powercontrol.StaleAfterHint')}
            min={GRID_METER_STALE_AFTER_S.min}
            max={GRID_METER_STALE_AFTER_S.max}
            postfix="s"
          />
        </>
      )}
      {config.companion && (
        <>
          <h3 className="h6 mt-4">{t('powercontrol.Broker')}</h3>
          <p className="form-text">{t('powercontrol.BrokerHint')}</p>
          <TextField
            name="broker.url"
            type="url"
            inputMode="url"
            label={t('powercontrol.BrokerUrl')}
            maxLength={GRID_METER_URL_MAX}
            placeholder="mqtt://192.168.1.10:1883"
          />
          <TextField
            name="broker.username"
            label={t('powercontrol.Username')}
            maxLength={GRID_METER_SECRET_MAX}
          />
          <PasswordField
            name="broker.password"
            label={t('powercontrol.Password')}
            help={
              broker.password_set ? t('powercontrol.SecretSet') : t('powercontrol.SecretNotSet')
            }
            maxLength={GRID_METER_SECRET_MAX}
            autoComplete="off"
          />
          {broker.password_set && (
            <SwitchField name="broker.password_remove" label={t('powercontrol.RemovePassword')} />
          )}
        </>
      )}
    </FormSection>
  );
}
