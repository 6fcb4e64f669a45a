import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Alert } from '@heliodtu/contract/alerts';
import { resolveHostname } from '@heliodtu/contract/domain/hostname';
import { FIRMWARE_RELEASES } from '@heliodtu/contract/domain/firmware-generation';
import { daylightAt, fleetSources } from './alert-sources.js';
import { localParts } from '../device/posix-tz.js';
import { MemoryAlertRows, type AlertRecord, type AlertRowsApi } from '../history/alert-rows.js';
import { primaryInterface } from '../system/host-network.js';
import { AlertSettingsStore, inQuietHours } from './alert-settings.js';
import { ALERTS_DEFAULTS } from './alerts-options.js';
import { extraConditionsOf } from './extra-conditions.js';
import { wireAlert } from './alert-text.js';
import { AlertsMqtt } from './alerts-mqtt.js';
import { DigestSchedule } from './digest-schedule.js';
import { AlertEvaluators } from './evaluator-set.js';
import { AlertOutbox } from './outbox.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Alerts (issue 28): the evaluator, the settings and the delivery channels. */
    alerts?: AlertsService;
  }
}

export interface AlertsService {
  evaluator: AlertEvaluators;
  /** Saving through it reconfigures delivery (its 'saved' event): no caller nudges a channel. */
  settings: AlertSettingsStore;
  webhook: AlertOutbox;
  email: AlertOutbox;
  mqtt: AlertsMqtt | null;
  persistent: () => boolean;
  wire: (record: AlertRecord) => Alert;
  gatewayName: () => string;
  /** The settings' test message on one channel: null when it was taken, else what went wrong. */
  test: (channel: 'webhook' | 'email') => Promise<string | null>;
}

// Delivery code is loaded with the first message: most gateways send none, and an idle one
// does not carry it (nor nodemailer, which email.js loads in turn).
const webhookDelivery = () => import('./webhook.js');
const emailDelivery = () => import('./email.js');

/**
 * One evaluator per device: the simulated fleet's, or each of the companion's devices with its
 * relayed live data, command results and event logs, following devices added and removed.
 */
async function evaluatorsOf(
  app: FastifyInstance,
  evaluators: AlertEvaluators,
  deviceReadMs: number,
  log: (line: string) => void,
): Promise<void> {
  const daylight = daylightAt(() => app.store.config.ntp);
  const common = {
    now: () => app.clock.now(),
    daylight,
    historyRecording: () => (app.history ? app.history.recording : null),
    extraConditions: extraConditionsOf(
      () => app.alertConditionSources ?? [],
      () => (app.devices ? app.devices.first?.id : app.device.deviceId),
      log,
    ),
  };
  const registry = app.devices;
  if (!registry) {
    evaluators.add(fleetSources(app.device, common));
    return;
  }
  // The relayed reads only on a companion: a simulated gateway never loads them.
  const { followCompanionDevices } = await import('./companion-sources.js');
  followCompanionDevices(evaluators, registry, common, deviceReadMs);
}

/**
 * Alerts on every gateway: registered after the fleet (or companion), MQTT and history. The
 * rows live in the history database; without one (HISTORY=off, or it failed) in memory.
 */
export const alertsPlugin = fp(
  async (app) => {
    const options = app.system.options.alerts ?? ALERTS_DEFAULTS;
    const log = (line: string) => app.consoleLog.write(line, { tag: 'alerts' });
    const memory = new MemoryAlertRows();
    // Once the history stopped recording (a full disk) alerts go on in memory: the alert that
    // says so must still open and be delivered.
    const rows = (): AlertRowsApi => {
      const history = app.history;
      return history?.recording ? history.db.alerts : memory;
    };
    const settings = new AlertSettingsStore(app.store.dataDir);
    await settings.load(log, app.store.createdFresh);
    const evaluator = new AlertEvaluators(
      rows,
      () => memory,
      () => app.clock.now(),
      log,
    );
    await evaluatorsOf(app, evaluator, options.deviceReadMs, log);
    const wire = (record: AlertRecord) => wireAlert(record, evaluator.namesOf(record.device));
    const gatewayName = () => resolveHostname(app.store.config.wifi.hostname, app.system.chipId);
    const quiet = () => {
      const parts = localParts(app.clock.now(), app.store.config.ntp.timezone);
      return inQuietHours(settings.settings.quiet_hours, parts.hour * 60 + parts.minute);
    };
    const webhook = new AlertOutbox({
      channel: 'webhook',
      rows,
      enabled: () => settings.settings.webhook.enabled && settings.settings.webhook.url !== '',
      quiet,
      send: async (event, alert) => {
        const { postWebhook, webhookPayload } = await webhookDelivery();
        return postWebhook(
          settings.settings.webhook,
          webhookPayload(event, wire(alert), gatewayName()),
        );
      },
      retryMs: options.retryMs,
      log,
      now: () => app.clock.now(),
    });
    const digest = new DigestSchedule(
      () => app.clock.now(),
      () => app.store.config.ntp.timezone,
    );
    const email = new AlertOutbox({
      channel: 'email',
      rows,
      enabled: () => settings.settings.email.enabled && settings.settings.email.host !== '',
      quiet,
      send: async (event, alert) => {
        const { alertEmail, sendEmail } = await emailDelivery();
        return sendEmail(settings.settings.email, alertEmail(event, wire(alert), gatewayName()));
      },
      digest: {
        enabled: () => settings.settings.email.digest,
        due: () => digest.due(),
        send: async (items) => {
          const { digestEmail, sendEmail } = await emailDelivery();
          const lines = items.map(({ event, alert }) => ({ event, text: wire(alert).text }));
          return sendEmail(settings.settings.email, digestEmail(lines, gatewayName()));
        },
        sent: () => digest.sent(),
      },
      retryMs: options.retryMs,
      log,
      now: () => app.clock.now(),
    });
    const mqtt = app.companion
      ? null
      : new AlertsMqtt({
          connection: app.mqtt,
          store: app.store,
          enabled: () => settings.settings.mqtt.enabled,
          identity: () => ({
            hostname: gatewayName(),
            chipId: app.system.chipId,
            ip: primaryInterface().ip,
            firmware: FIRMWARE_RELEASES[app.system.firmware],
          }),
          openAlerts: () => evaluator.openAlerts().map(wire),
          log,
        });
    const changed = (event: 'opened' | 'cleared', record: AlertRecord) => {
      const alert = wire(record);
      log(`Alert ${event}: ${alert.text} (${alert.kind}, id ${alert.id})`);
      try {
        webhook.note(event, record);
        email.note(event, record);
      } catch (error) {
        log(`Alerts: journal not written: ${(error as Error).message}`);
      }
      mqtt?.publish();
    };
    evaluator.on('opened', (record) => changed('opened', record));
    evaluator.on('cleared', (record) => changed('cleared', record));
    evaluator.clearOthers();
    // Whoever saved: MQTT publishes (or stops) by the new settings, and whatever waits (quiet
    // hours just ended, a channel just enabled) is tried now rather than at the next poll.
    settings.on('saved', () => {
      log('Alert settings saved');
      mqtt?.publish();
      webhook.kick();
      email.kick();
    });
    const test = async (channel: 'webhook' | 'email'): Promise<string | null> => {
      const current = settings.settings;
      if (channel === 'email') {
        const { alertEmail, sendEmail } = await emailDelivery();
        return sendEmail(current.email, alertEmail('test', null, gatewayName()));
      }
      const { postWebhook, webhookPayload } = await webhookDelivery();
      return postWebhook(current.webhook, webhookPayload('test', null, gatewayName()));
    };
    app.decorate('alerts', {
      evaluator,
      settings,
      webhook,
      email,
      mqtt,
      persistent: () => rows().persistent,
      wire,
      gatewayName,
      test,
    });
    app.addHook('onReady', async () => {
      evaluator.start(options.evaluateMs);
      webhook.start();
      email.start();
      mqtt?.start();
    });
    app.addHook('onClose', async () => {
      evaluator.stop();
      webhook.stop();
      email.stop();
      mqtt?.stop();
    });
  },
  { name: 'alerts', dependencies: ['gateway'] },
);
