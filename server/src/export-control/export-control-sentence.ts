import type { ExportControlConfig, ExportControlState } from '@heliodtu/contract/export-control';

export interface SentenceContext {
  readonly state: ExportControlState;
  readonly config: ExportControlConfig;
  readonly grid_w: number | null;
  /** What a 'waiting' control waits for, already worded ("Roof 1 to confirm 300 W"). */
  readonly waitingFor: readonly string[];
  /** Names of governed inverters paused by a manual limit. */
  readonly paused: readonly string[];
  /** Names of governed inverters whose device is away. */
  readonly away: readonly string[];
  /** Names of governed inverters whose limit their device has not read yet. */
  readonly limitUnknown: readonly string[];
  /** How many governed inverters control can act on now (neither away nor of unknown limit). */
  readonly governable: number;
}

const watts = (value: number) => `${Math.round(value)} W`;

function list(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}

function main(context: SentenceContext): string {
  const { state, config, grid_w } = context;
  const target = watts(config.target_w);
  const off = grid_w === null ? 0 : grid_w - config.target_w;
  switch (state) {
    case 'off':
      return 'Export control is off: every inverter keeps its own limit.';
    case 'outside_window':
      return `Export control is outside its daily window (${config.window.start}–${config.window.end}): the inverters have their own limits back.`;
    case 'no_inverters':
      return 'Export control is on but governs no inverter yet.';
    case 'meter_lost':
      return 'The grid meter gives no usable reading: every governed inverter is at its fallback limit until it does.';
    case 'starting':
      return 'Starting: the governed inverters get their fallback limits first; control regulates once they confirm them.';
    case 'holding':
      if (context.governable === 0) {
        return 'None of the governed inverters can be governed now: control waits for them.';
      }
      if (grid_w === null) return `Holding the grid power at ${target}.`;
      return Math.abs(off) <= config.hysteresis_w
        ? `Grid power ${watts(grid_w)} is within ${target} ± ${watts(config.hysteresis_w)}: nothing to change.`
        : `Grid power ${watts(grid_w)}: the limits already ask for what is needed; no change worth a command.`;
    case 'waiting':
      return context.waitingFor.length > 0
        ? `Waiting for ${list(context.waitingFor)} before the next change.`
        : 'Waiting for the command spacing before raising a limit again.';
    case 'regulating':
      return off > 0
        ? `The house draws ${watts(off)} more than the target: raising limits.`
        : `The house sends ${watts(-off)} more than the target to the grid: lowering limits.`;
    case 'at_upper':
      return `Every governed inverter is at its upper limit; the house still draws ${watts(off)} more than the target.`;
    case 'at_lower':
      return `Every governed inverter is at its lower limit; the house still sends ${watts(-off)} more than the target to the grid.`;
  }
}

/** One plain English sentence (or two) of what control does and what it waits for. */
export function controlSentence(context: SentenceContext): string {
  const parts = [main(context)];
  if (context.paused.length > 0) {
    const verb = context.paused.length === 1 ? 'is' : 'are';
    parts.push(`${list(context.paused)} ${verb} paused by a manual limit.`);
  }
  if (context.away.length > 0 && context.state !== 'off' && context.state !== 'outside_window') {
    parts.push(
      `${list(context.away)} cannot be reached and ${context.away.length === 1 ? 'is' : 'are'} left alone.`,
    );
  }
  if (
    context.limitUnknown.length > 0 &&
    context.state !== 'off' &&
    context.state !== 'outside_window'
  ) {
    const one = context.limitUnknown.length === 1;
    parts.push(
      `${list(context.limitUnknown)} ${one ? 'has' : 'have'} no known limit yet (${one ? 'its device reads it' : 'their devices read it'} a few minutes after starting) and ${one ? 'is' : 'are'} left alone until then.`,
    );
  }
  return parts.join(' ');
}
