import type { ExportControlStatus, GovernedState } from '@heliodtu/contract/export-control';
import type { Formatters } from '@/lib/format';
import type { Translate } from '@/lib/i18n/catalog';
import { wattsText } from '@/lib/power-text';

/** Below this the grid is as good as balanced (a meter's noise). */
const BALANCED_W = 1;

/** Grid power in words: "importing 420 W", "exporting 150 W", "balanced". */
export function gridText(t: Translate, format: Formatters, watts: number): string {
  if (Math.abs(watts) < BALANCED_W) return t('powercontrol.GridBalanced');
  const power = wattsText(format, Math.abs(watts));
  return watts > 0
    ? t('powercontrol.GridImporting', { power })
    : t('powercontrol.GridExporting', { power });
}

/** A phrase as a line of its own ("Importing 420 W"). */
export const asLine = (phrase: string): string => phrase.charAt(0).toUpperCase() + phrase.slice(1);

/** The target in words: "no import or export", "50 W export", "30 W import". */
export function targetText(t: Translate, format: Formatters, watts: number): string {
  if (watts === 0) return t('powercontrol.TargetZero');
  const power = wattsText(format, Math.abs(watts));
  return watts > 0
    ? t('powercontrol.TargetImport', { power })
    : t('powercontrol.TargetExport', { power });
}

/**
 * One plain sentence of what export control does now and what it waits for, worded here from
 * its state and figures (the gateway's `sentence` is English only).
 */
export function controlSentence(
  t: Translate,
  format: Formatters,
  status: ExportControlStatus,
): string {
  const target = targetText(t, format, status.target_w);
  const grid = status.grid_w === null ? null : gridText(t, format, status.grid_w);
  const limit = status.limit_w === null ? null : wattsText(format, status.limit_w);
  switch (status.state) {
    case 'off':
      return t('powercontrol.SentenceOff');
    case 'outside_window':
      return t('powercontrol.SentenceOutsideWindow');
    case 'no_inverters':
      return t('powercontrol.SentenceNoInverters');
    case 'meter_lost':
      return t('powercontrol.SentenceMeterLost');
    case 'starting':
      return t('powercontrol.SentenceStarting');
    case 'holding': {
      const actable = status.inverters.some(
        (inverter) => inverter.state !== 'away' && inverter.state !== 'limit_unknown',
      );
      if (!actable) return t('powercontrol.SentenceNoneGovernable');
      return t('powercontrol.SentenceHolding', { target, grid: grid ?? '–' });
    }
    case 'waiting': {
      const pending = status.inverters.filter((inverter) => inverter.state === 'pending').length;
      return pending === 0
        ? t('powercontrol.SentenceWaiting')
        : t('powercontrol.SentenceWaitingConfirm', undefined, pending);
    }
    case 'regulating': {
      const above = status.grid_w !== null && status.grid_w > status.target_w;
      return t(above ? 'powercontrol.SentenceRaising' : 'powercontrol.SentenceLowering', {
        grid: grid ?? '–',
        target,
        limit: limit ?? '–',
      });
    }
    case 'at_upper':
      return t('powercontrol.SentenceAtUpper', { grid: grid ?? '–' });
    case 'at_lower':
      return t('powercontrol.SentenceAtLower', { grid: grid ?? '–' });
  }
}

/** Why a governed inverter's limit is what it is, from its state. */
export function governedReason(t: Translate, state: GovernedState): string {
  return {
    regulated: t('powercontrol.WhyRegulated'),
    pending: t('powercontrol.WhyPending'),
    paused_manual: t('powercontrol.WhyPausedManual'),
    away: t('powercontrol.WhyAway'),
    limit_unknown: t('powercontrol.WhyLimitUnknown'),
    fallback: t('powercontrol.WhyFallback'),
    released: t('powercontrol.WhyReleased'),
  }[state];
}
