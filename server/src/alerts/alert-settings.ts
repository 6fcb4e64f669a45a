import { EventEmitter } from 'node:events';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  AlertsConfigDataSchema,
  type AlertsConfig,
  type AlertsConfigData,
  type AlertsResult,
} from '@heliodtu/contract/alerts';
import { writeFileAtomic } from '../store/atomic-write.js';
import { STATE_DIR } from '../store/chip-id.js';

/**
 * The alert delivery settings: their own file, DATA_DIR/.heliodtu/alerts.json (written
 * atomically, mode 0600), not config.json: they hold secrets (a webhook token, the SMTP password)
 * that OpenDTU's config backup and file manager must not hand out. A factory reset removes it.
 */

export const ALERTS_FILE = 'alerts.json';

export interface AlertSettings {
  webhook: { enabled: boolean; url: string; header_name: string; header_value: string };
  email: {
    enabled: boolean;
    host: string;
    port: number;
    security: 'none' | 'starttls' | 'tls';
    user: string;
    password: string;
    from: string;
    to: string;
    digest: boolean;
  };
  quiet_hours: { enabled: boolean; start: string; end: string };
  mqtt: { enabled: boolean };
}

export const DEFAULT_ALERT_SETTINGS: AlertSettings = {
  webhook: { enabled: false, url: '', header_name: '', header_value: '' },
  email: {
    enabled: false,
    host: '',
    port: 587,
    security: 'starttls',
    user: '',
    password: '',
    from: '',
    to: '',
    digest: false,
  },
  quiet_hours: { enabled: false, start: '22:00', end: '07:00' },
  // Off until the owner asks: the topic tree stays OpenDTU's own unless alerts are wanted there.
  mqtt: { enabled: false },
};

/** GET's view: secrets replaced by whether they are set. */
export function publicSettings(s: AlertSettings): AlertsConfig {
  const { header_value, ...webhook } = s.webhook;
  const { password, ...email } = s.email;
  return {
    webhook: { ...webhook, header_value_set: header_value !== '' },
    email: { ...email, password_set: password !== '' },
    quiet_hours: { ...s.quiet_hours },
    mqtt: { ...s.mqtt },
  };
}

const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;
const refuse = (field: string, message: string): AlertsResult => ({ ok: false, field, message });

/** The first problem of sent settings, or null. */
export function settingsProblem(data: AlertsConfigData): AlertsResult | null {
  const { webhook, email } = data;
  if (webhook.url !== '' || webhook.enabled) {
    let url: URL | null = null;
    try {
      url = new URL(webhook.url);
    } catch {
      url = null;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      return refuse('webhook.url', 'The webhook address must be an http:// or https:// URL.');
    }
  }
  if (webhook.header_name !== '' && !HEADER_NAME.test(webhook.header_name)) {
    return refuse('webhook.header_name', 'The header name may hold letters, digits and - only.');
  }
  if (/[\r\n]/.test(webhook.header_value ?? '')) {
    return refuse('webhook.header_value', 'The header value must be one line.');
  }
  if (email.enabled) {
    if (email.host.trim() === '') return refuse('email.host', 'The SMTP server is missing.');
    if (!/^[^\s@]+@[^\s@]+$/.test(email.from.trim())) {
      return refuse('email.from', 'The sender must be an e-mail address.');
    }
    const to = email.to.split(',').map((a) => a.trim());
    if (to.length === 0 || to.some((a) => !/^[^\s@]+@[^\s@]+$/.test(a))) {
      return refuse('email.to', 'The recipients must be e-mail addresses, separated by commas.');
    }
  }
  return null;
}

/** Sent settings over the stored ones: absent secrets kept. */
export function mergeSettings(stored: AlertSettings, data: AlertsConfigData): AlertSettings {
  const { header_value, ...webhook } = data.webhook;
  const { password, ...email } = data.email;
  return {
    webhook: { ...webhook, header_value: header_value ?? stored.webhook.header_value },
    email: { ...email, password: password ?? stored.email.password },
    quiet_hours: { ...data.quiet_hours },
    mqtt: { ...data.mqtt },
  };
}

/**
 * The settings as stored. 'saved' follows every save, whoever saved: the alerts service
 * re-reads them and nudges its channels, so a writer only validates and saves.
 */
export class AlertSettingsStore extends EventEmitter<{ saved: [settings: AlertSettings] }> {
  private current: AlertSettings = DEFAULT_ALERT_SETTINGS;
  private readonly file: string;

  constructor(dataDir: string) {
    super();
    this.file = path.join(dataDir, STATE_DIR, ALERTS_FILE);
  }

  get settings(): AlertSettings {
    return this.current;
  }

  /** Reads the file; a missing or unreadable one gives the defaults (the console says which). */
  async load(log: (line: string) => void, fresh: boolean): Promise<void> {
    if (fresh) {
      await rm(this.file, { force: true });
      return;
    }
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch {
      return;
    }
    try {
      const json = JSON.parse(text) as AlertsConfigData;
      const parsed = AlertsConfigDataSchema.parse(json);
      this.current = mergeSettings(DEFAULT_ALERT_SETTINGS, parsed);
    } catch (error) {
      log(`Alerts: ${ALERTS_FILE} unreadable, using defaults (${(error as Error).message})`);
    }
  }

  async save(next: AlertSettings): Promise<void> {
    await mkdir(path.dirname(this.file), { recursive: true });
    await writeFileAtomic(this.file, `${JSON.stringify(next, null, 2)}\n`);
    this.current = next;
    this.emit('saved', next);
  }
}

/** Minutes since local midnight of 'HH:MM'. */
const minutesOf = (text: string) => {
  const [h = '0', m = '0'] = text.split(':');
  return Number(h) * 60 + Number(m);
};

/** Whether local minute-of-day `minute` lies in the quiet hours (start after end spans midnight). */
export function inQuietHours(quiet: AlertSettings['quiet_hours'], minute: number): boolean {
  if (!quiet.enabled) return false;
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (start === end) return false;
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}
