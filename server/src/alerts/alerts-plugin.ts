import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Alert } from '@heliodtu/contract/alerts';
import { resolveHostname } from '@heliodtu/contract/domain/hostname';
import { FIRMWARE_RELEASES } from '@heliodtu/contract/domain/firmware-generation';
import { daylightAt, fleetSources, followCompanionDevices } from './alert-sources.js';
import { localParts } from '../device/posix-tz.js';
import { MemoryAlertRows, type AlertRecord, type AlertRowsApi } from '../history/alert-rows.js';
import { primaryInterface } from '../system/host-network.js';
import { AlertSettingsStore, inQuietHours } from './alert-settings.js';
import { wireAlert } from './alert-text.js';
import { AlertsMqtt } from './alerts-mqtt.js';
import { AlertEvaluators } from './evaluator-set.js';
import { EVENT_LOG_TURN_MS } from './companion-reads.js';
import { AlertOutbox } from './outbox.js';
import { postWebhook, webhookPayload } from './webhook.js';
import { alertEmail, sendEmail, type EmailMessage } from './email.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Alerts (issue 28): the evaluator, the settings and the delivery channels. */
    alerts?: AlertsService;
  }
}

/** Webhook and e-mail retries: after 5 s, 30 s and 2 min, then a console line. */
export const ALERT_RETRY_MS: readonly number[] = [5_000, 30_000, 120_000];
export const ALERT_EVALUATE_MS = 2_000;

export interface AlertsService {
  evaluator: AlertEvaluators;
  settings: AlertSettingsStore;
  webhook: AlertOutbox;
  email: AlertOutbox;
  mqtt: AlertsMqtt | null;
  persistent: () => boolean;
  wire: (record: AlertRecord) => Alert;
  gatewayName: () => string;
}

/**
 * One evaluator per device: the simulated fleet's, or each of the companion's devices with its
 * relayed live data, command results and event logs, following devices added and removed.
 */
function evaluatorsOf(app: FastifyInstance, evaluators: AlertEvaluators): void {
  const daylight = daylightAt(() => app.store.config.ntp);
  const common = {
    now: () => app.clock.now(),
    daylight,
    historyRecording: () => (app.history ? app.history.recording : null),
  };
  const registry = app.devices;
  if (!registry) {
    evaluators.add(fleetSources(app.device, common));
    return;
  }
  // Tests read faster (ALERTS_DEVICE_READ_MS=500); documented in docs/alerts.md.
  const turnMs = Number(process.env['ALERTS_DEVICE_READ_MS']) || EVENT_LOG_TURN_MS;
  followCompanionDevices(evaluators, registry, common, turnMs);
}

function retryFromEnv(): readonly number[] {
  // Tests shorten the back-off (ALERTS_RETRY_MS=200,200,200); documented in docs/alerts.md.
  const text = process.env['ALERTS_RETRY_MS'];
  if (!text) return ALERT_RETRY_MS;
  const values = text.split(',').map(Number);
  return values.every((v) => Number.isFinite(v) && v >= 0) ? values : ALERT_RETRY_MS;
}

/**
 * Alerts on every gateway: registered after the fleet (or companion), MQTT and history. The
 * rows live in the history database; without one (HISTORY=off, or it failed) in memory.
 */
export const alertsPlugin = fp(
  async (app) => {
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
    evaluatorsOf(app, evaluator);
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
      send: (event, alert) =>
        postWebhook(settings.settings.webhook, webhookPayload(event, wire(alert), gatewayName())),
      retryMs: retryFromEnv(),
      log,
      now: () => app.clock.now(),
    });
    // The daily digest goes out at 08:00 local time (or at the first chance after it).
    let digestDay = '';
    const localDay = () => {
      const p = localParts(app.clock.now(), app.store.config.ntp.timezone);
      return { day: `${p.year}-${p.month}-${p.day}`, hour: p.hour };
    };
    const digestOf = (
      items: { event: 'opened' | 'cleared'; alert: AlertRecord }[],
    ): EmailMessage => ({
      subject: `${gatewayName()}: ${items.length} alert message(s) of the day`,
      text: `${items
        .map(
          ({ event, alert }) => `${event === 'opened' ? 'Opened' : 'Cleared'}: ${wire(alert).text}`,
        )
        .join('\n')}\n`,
    });
    const email = new AlertOutbox({
      channel: 'email',
      rows,
      enabled: () => settings.settings.email.enabled && settings.settings.email.host !== '',
      quiet,
      send: (event, alert) =>
        sendEmail(settings.settings.email, alertEmail(event, wire(alert), gatewayName())),
      digest: {
        enabled: () => settings.settings.email.digest,
        due: () => {
          const { day, hour } = localDay();
          return hour >= 8 && day !== digestDay;
        },
        send: (items) => sendEmail(settings.settings.email, digestOf(items)),
        sent: () => {
          digestDay = localDay().day;
        },
      },
      retryMs: retryFromEnv(),
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
    app.decorate('alerts', {
      evaluator,
      settings,
      webhook,
      email,
      mqtt,
      persistent: () => rows().persistent,
      wire,
      gatewayName,
    });
    const evaluateMs = Number(process.env['ALERTS_EVALUATE_MS']) || ALERT_EVALUATE_MS;
    app.addHook('onReady', async () => {
      evaluator.start(evaluateMs);
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
