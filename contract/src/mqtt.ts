import { z } from 'zod';
import { wire } from './wire.js';

/** GET /api/mqtt/config, wire-contract §4.10 (mqtt_lwt_topic relative to the base topic). */
export const MqttConfigSchema = z.object({
  mqtt_enabled: z.boolean(),
  mqtt_hostname: z.string(),
  mqtt_port: z.number().int(),
  mqtt_clientid: z.string(),
  mqtt_username: z.string(),
  mqtt_password: z.string(),
  mqtt_topic: z.string(),
  mqtt_retain: z.boolean(),
  mqtt_tls: z.boolean(),
  mqtt_root_ca_cert: z.string(),
  mqtt_tls_cert_login: z.boolean(),
  mqtt_client_cert: z.string(),
  mqtt_client_key: z.string(),
  mqtt_lwt_topic: z.string(),
  mqtt_lwt_online: z.string(),
  mqtt_lwt_offline: z.string(),
  mqtt_lwt_qos: z.number().int(),
  mqtt_publish_interval: z.number().int(),
  mqtt_clean_session: z.boolean(),
  mqtt_hass_enabled: z.boolean(),
  mqtt_hass_expire: z.boolean(),
  mqtt_hass_retain: z.boolean(),
  mqtt_hass_topic: z.string(),
  mqtt_hass_individualpanels: z.boolean(),
});
export type MqttConfig = z.infer<typeof MqttConfigSchema>;

/**
 * POST /api/mqtt/config data: the kind checks of wire-contract §4.10 (failure → 1005).
 * Ranges are the rules' job (7001–7017), so numbers are only checked for their C type here.
 * mqtt_root_ca_cert may be left out; the stored certificate is then kept.
 */
export const MqttConfigPostSchema = z.object({
  mqtt_enabled: wire.bool(),
  mqtt_hostname: wire.string(),
  mqtt_port: wire.uint32(),
  mqtt_clientid: wire.string(),
  mqtt_username: wire.string(),
  mqtt_password: wire.string(),
  mqtt_topic: wire.string(),
  mqtt_retain: wire.bool(),
  mqtt_tls: wire.bool(),
  mqtt_root_ca_cert: wire.string().optional(),
  mqtt_tls_cert_login: wire.bool(),
  mqtt_client_cert: wire.string(),
  mqtt_client_key: wire.string(),
  mqtt_lwt_topic: wire.string(),
  mqtt_lwt_online: wire.string(),
  mqtt_lwt_offline: wire.string(),
  mqtt_lwt_qos: wire.uint8(),
  mqtt_publish_interval: wire.uint32(),
  mqtt_clean_session: wire.bool(),
  mqtt_hass_enabled: wire.bool(),
  mqtt_hass_expire: wire.bool(),
  mqtt_hass_retain: wire.bool(),
  mqtt_hass_topic: wire.string(),
  mqtt_hass_individualpanels: wire.bool(),
});
export type MqttConfigPost = z.infer<typeof MqttConfigPostSchema>;

/**
 * GET /api/mqtt/status, wire-contract §4.10 and §11.19: no password, no certificate bodies;
 * mqtt_clientid is the effective id and mqtt_lwt_topic the full topic (base + LWT topic).
 */
export const MqttStatusSchema = z.object({
  mqtt_enabled: z.boolean(),
  mqtt_hostname: z.string(),
  mqtt_port: z.number().int(),
  mqtt_clientid: z.string(),
  mqtt_username: z.string(),
  mqtt_topic: z.string(),
  mqtt_connected: z.boolean(),
  mqtt_retain: z.boolean(),
  mqtt_tls: z.boolean(),
  mqtt_root_ca_cert_info: z.string(),
  mqtt_tls_cert_login: z.boolean(),
  mqtt_client_cert_info: z.string(),
  mqtt_lwt_topic: z.string(),
  mqtt_publish_interval: z.number().int(),
  mqtt_clean_session: z.boolean(),
  mqtt_hass_enabled: z.boolean(),
  mqtt_hass_expire: z.boolean(),
  mqtt_hass_retain: z.boolean(),
  mqtt_hass_topic: z.string(),
  mqtt_hass_individualpanels: z.boolean(),
});
export type MqttStatus = z.infer<typeof MqttStatusSchema>;

/** Client id the device uses when none is configured: the AP name, integrations §1.1. */
export function defaultMqttClientId(chipId: number): string {
  return `OpenDTU-${chipId}`;
}
