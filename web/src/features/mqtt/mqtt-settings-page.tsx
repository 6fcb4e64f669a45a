import type { MqttConfig } from '@heliodtu/contract/mqtt';
import {
  MQTT_CERT_MAX,
  MQTT_CLIENTID_MAX,
  MQTT_HASS_TOPIC_MAX,
  MQTT_HOSTNAME_MAX,
  MQTT_LWT_TOPIC_MAX,
  MQTT_LWT_VALUE_MAX,
  MQTT_PASSWORD_MAX,
  MQTT_PORT,
  MQTT_PUBLISH_INTERVAL,
  MQTT_TOPIC_MAX,
  MQTT_USERNAME_MAX,
} from '@heliodtu/contract/limits';
import { ConfigFormPage } from '@/components/form/config-form-page';
import {
  NumberField,
  SelectField,
  SwitchField,
  TextAreaField,
  TextField,
} from '@/components/form/fields';
import { FormSection } from '@/components/form/form-section';
import { PasswordField } from '@/components/form/password-field';
import { useT } from '@/lib/i18n/use-t';
import { toMqttRequest, validateMqtt } from './mqtt-form';

// Certificates are PEM text; a placeholder shows the expected shape without a real value.
const PEM_PLACEHOLDER = '-----BEGIN CERTIFICATE-----\n…\n-----END CERTIFICATE-----';

/**
 * Broker, TLS, last will and Home Assistant discovery (spec §2 MQTT settings). The visibility
 * rules of spec §4 hide what cannot apply: everything but the switch while MQTT is off, the TLS
 * details without TLS, the client certificate without certificate login, and the discovery
 * section unless discovery is on.
 */
export function MqttSettingsPage() {
  const t = useT();
  return (
    <ConfigFormPage<MqttConfig>
      title={t('mqttadmin.MqttSettings')}
      area="mqtt"
      toRequest={toMqttRequest}
      validate={validateMqtt}
    >
      {({ values }) => (
        <>
          <FormSection title={t('mqttadmin.MqttConfiguration')}>
            <SwitchField name="mqtt_enabled" label={t('mqttadmin.EnableMqtt')} />
            {values.mqtt_enabled && (
              <SwitchField name="mqtt_hass_enabled" label={t('mqttadmin.EnableHass')} />
            )}
          </FormSection>
          {values.mqtt_enabled && <BrokerSection values={values} />}
          {values.mqtt_enabled && <LastWillSection />}
          {values.mqtt_enabled && values.mqtt_hass_enabled && <HassSection />}
        </>
      )}
    </ConfigFormPage>
  );
}

function BrokerSection({ values }: { values: MqttConfig }) {
  const t = useT();
  return (
    <FormSection title={t('mqttadmin.MqttBrokerParameter')}>
      <TextField
        name="mqtt_hostname"
        label={t('mqttadmin.Hostname')}
        help={t('mqttadmin.HostnameHint')}
        maxLength={MQTT_HOSTNAME_MAX}
        inputMode="url"
      />
      <NumberField name="mqtt_port" label={t('mqttadmin.Port')} {...MQTT_PORT} />
      <TextField
        name="mqtt_clientid"
        label={t('mqttadmin.ClientId')}
        help={t('mqttadmin.ClientIdHint')}
        maxLength={MQTT_CLIENTID_MAX}
      />
      <TextField
        name="mqtt_username"
        label={t('mqttadmin.Username')}
        help={t('mqttadmin.UsernameHint')}
        maxLength={MQTT_USERNAME_MAX}
      />
      {/* new-password: browsers ignore "off" here and would fill in the admin login. */}
      <PasswordField
        name="mqtt_password"
        label={t('mqttadmin.Password')}
        help={t('mqttadmin.PasswordHint')}
        maxLength={MQTT_PASSWORD_MAX}
        autoComplete="new-password"
      />
      <TextField
        name="mqtt_topic"
        label={t('mqttadmin.BaseTopic')}
        help={t('mqttadmin.BaseTopicHint')}
        maxLength={MQTT_TOPIC_MAX}
      />
      <NumberField
        name="mqtt_publish_interval"
        label={t('mqttadmin.PublishInterval')}
        postfix={t('mqttadmin.Seconds')}
        {...MQTT_PUBLISH_INTERVAL}
      />
      <SwitchField
        name="mqtt_clean_session"
        label={t('mqttadmin.CleanSession')}
        help={t('mqttadmin.CleanSessionHint')}
      />
      <SwitchField name="mqtt_retain" label={t('mqttadmin.EnableRetain')} />
      <SwitchField name="mqtt_tls" label={t('mqttadmin.EnableTls')} />
      {values.mqtt_tls && (
        <>
          <TextAreaField
            name="mqtt_root_ca_cert"
            label={t('mqttadmin.RootCa')}
            help={t('mqttadmin.RootCaHint')}
            maxLength={MQTT_CERT_MAX}
            placeholder={PEM_PLACEHOLDER}
          />
          <SwitchField name="mqtt_tls_cert_login" label={t('mqttadmin.TlsCertLoginEnable')} />
        </>
      )}
      {/* Certificate login is only offered with TLS, so its fields need both. */}
      {values.mqtt_tls && values.mqtt_tls_cert_login && (
        <>
          <TextAreaField
            name="mqtt_client_cert"
            label={t('mqttadmin.ClientCert')}
            maxLength={MQTT_CERT_MAX}
            placeholder={PEM_PLACEHOLDER}
          />
          <TextAreaField
            name="mqtt_client_key"
            label={t('mqttadmin.ClientKey')}
            maxLength={MQTT_CERT_MAX}
            placeholder={'-----BEGIN PRIVATE KEY-----\n…\n-----END PRIVATE KEY-----'}
          />
        </>
      )}
    </FormSection>
  );
}

function LastWillSection() {
  const t = useT();
  const qosOptions = [
    { value: 0, label: t('mqttadmin.QOS0') },
    { value: 1, label: t('mqttadmin.QOS1') },
    { value: 2, label: t('mqttadmin.QOS2') },
  ];
  return (
    <FormSection title={t('mqttadmin.LwtParameters')}>
      <TextField
        name="mqtt_lwt_topic"
        label={t('mqttadmin.LwtTopic')}
        help={t('mqttadmin.LwtTopicHint')}
        maxLength={MQTT_LWT_TOPIC_MAX}
      />
      <TextField
        name="mqtt_lwt_online"
        label={t('mqttadmin.LwtOnline')}
        help={t('mqttadmin.LwtOnlineHint')}
        maxLength={MQTT_LWT_VALUE_MAX}
      />
      <TextField
        name="mqtt_lwt_offline"
        label={t('mqttadmin.LwtOffline')}
        help={t('mqttadmin.LwtOfflineHint')}
        maxLength={MQTT_LWT_VALUE_MAX}
      />
      <SelectField
        name="mqtt_lwt_qos"
        label={t('mqttadmin.LwtQos')}
        help={t('mqttadmin.LwtQosHint')}
        options={qosOptions}
      />
    </FormSection>
  );
}

function HassSection() {
  const t = useT();
  return (
    <FormSection title={t('mqttadmin.HassParameters')}>
      <TextField
        name="mqtt_hass_topic"
        label={t('mqttadmin.HassPrefixTopic')}
        help={t('mqttadmin.HassPrefixTopicHint')}
        maxLength={MQTT_HASS_TOPIC_MAX}
      />
      <SwitchField name="mqtt_hass_retain" label={t('mqttadmin.HassRetain')} />
      <SwitchField
        name="mqtt_hass_expire"
        label={t('mqttadmin.HassExpire')}
        help={t('mqttadmin.HassExpireHint')}
      />
      <SwitchField name="mqtt_hass_individualpanels" label={t('mqttadmin.HassIndividual')} />
    </FormSection>
  );
}
