import type { Alert } from '@heliodtu/contract/alerts';
import type { TranslateAny } from './i18n/catalog';

/** The inverter's name as the alert carries it, else its serial. */
export const alertInverterName = (alert: Alert): string => alert.name || alert.serial || '';

/** The string's configured name, else its 1-based number. */
export const alertStringName = (alert: Alert): string =>
  alert.string_name || (alert.string === null ? '' : String(alert.string + 1));

/**
 * An alert in the visitor's language (catalogue `alerts.kind.<kind>`): the gateway's English
 * `text` is the fallback for a kind this interface does not know yet (a newer gateway).
 */
export function alertText(t: TranslateAny, alert: Alert): string {
  const key = `alerts.kind.${alert.kind}`;
  const text = t(key, {
    name: alertInverterName(alert),
    string: alertStringName(alert),
    code: alert.code ?? '',
    fault: alert.fault ? t(`alerts.fault.${alert.fault}`) : '',
    command: alert.command ? t(`alerts.command.${alert.command}`) : '',
  });
  return text === key ? alert.text : text;
}
