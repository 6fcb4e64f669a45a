import type { Alert, AlertWebhookPayload } from '@heliodtu/contract/alerts';
import type { AlertSettings } from './alert-settings.js';

/** The webhook: one JSON POST per alert opened and per alert cleared (docs/alerts.md). */

export const WEBHOOK_TIMEOUT_MS = 10_000;

export function webhookPayload(
  event: AlertWebhookPayload['event'],
  alert: Alert | null,
  gateway: string,
): AlertWebhookPayload {
  if (!alert) {
    return {
      event,
      title: `${gateway}: test`,
      message: 'A test message from the alert settings.',
      alert: null,
      gateway,
    };
  }
  return {
    event,
    title: `${gateway}: ${event === 'opened' ? 'alert' : 'cleared'}`,
    message: event === 'opened' ? alert.text : `Cleared: ${alert.text}`,
    alert,
    gateway,
  };
}

/** POSTs the payload; null when the receiver answered 2xx, else what went wrong. */
export async function postWebhook(
  webhook: AlertSettings['webhook'],
  payload: AlertWebhookPayload,
): Promise<string | null> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (webhook.header_name) headers[webhook.header_name] = webhook.header_value;
  try {
    const response = await fetch(webhook.url, {
      method: 'POST',
      headers,
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      redirect: 'error',
    });
    await response.arrayBuffer().catch(() => undefined);
    return response.ok ? null : `HTTP ${response.status}`;
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return cause?.code ?? cause?.message ?? (error as Error).message;
  }
}
