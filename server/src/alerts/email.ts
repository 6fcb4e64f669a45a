import type { Alert } from '@heliodtu/contract/alerts';
import type { AlertSettings } from './alert-settings.js';

/**
 * E-mail through nodemailer (a maintained SMTP client): one message per alert opened and per
 * alert cleared, and the settings' test. Never throws: a failure is the returned text.
 */

export const SMTP_TIMEOUT_MS = 10_000;

export interface EmailMessage {
  subject: string;
  text: string;
}

export function alertEmail(
  event: 'opened' | 'cleared' | 'test',
  alert: Alert | null,
  gateway: string,
): EmailMessage {
  if (!alert || event === 'test') {
    return {
      subject: `${gateway}: test`,
      text: 'A test message from the alert settings of your HelioDTU gateway.\n',
    };
  }
  const when = (s: number) => new Date(s * 1000).toISOString().replace('.000Z', 'Z');
  const lines = [
    event === 'opened' ? alert.text : `Cleared: ${alert.text}`,
    '',
    `Kind: ${alert.kind}`,
    ...(alert.serial ? [`Inverter: ${alert.name || alert.serial} (${alert.serial})`] : []),
    `First seen: ${when(alert.first_seen)}`,
    ...(alert.cleared !== null ? [`Cleared: ${when(alert.cleared)}`] : []),
  ];
  return {
    subject: `${gateway}: ${event === 'opened' ? 'alert' : 'cleared'}: ${alert.text}`,
    text: `${lines.join('\n')}\n`,
  };
}

/** The daily digest: every message of the day in one, in the order they came. */
export function digestEmail(
  items: readonly { event: 'opened' | 'cleared'; text: string }[],
  gateway: string,
): EmailMessage {
  const lines = items.map(
    ({ event, text }) => `${event === 'opened' ? 'Opened' : 'Cleared'}: ${text}`,
  );
  return {
    subject: `${gateway}: ${items.length} alert message(s) of the day`,
    text: `${lines.join('\n')}\n`,
  };
}

/** Sends one message; null when the server accepted it, else what went wrong. */
export async function sendEmail(
  email: AlertSettings['email'],
  message: EmailMessage,
): Promise<string | null> {
  // Loaded on the first message: a gateway that sends no e-mail does not carry the SMTP client.
  const { createTransport } = await import('nodemailer');
  const transport = createTransport({
    host: email.host,
    port: email.port,
    secure: email.security === 'tls',
    requireTLS: email.security === 'starttls',
    ignoreTLS: email.security === 'none',
    ...(email.user ? { auth: { user: email.user, pass: email.password } } : {}),
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  try {
    await transport.sendMail({
      from: email.from,
      to: email.to,
      subject: message.subject,
      text: message.text,
    });
    return null;
  } catch (error) {
    const e = error as { code?: string; message?: string };
    return e.code ? `${e.code}: ${e.message ?? ''}`.trim() : (e.message ?? String(error));
  } finally {
    transport.close();
  }
}
