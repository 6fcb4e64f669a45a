import { describe, expect, it } from 'vitest';
import type { ExportControlStatus } from '@heliodtu/contract/export-control';
import { formattersFor } from '@/lib/format';
import { createTranslator, englishMessages, type Translate } from '@/lib/i18n/catalog';
import de from '@/locales/de.json';
import { controlStatus } from '@/testing/power-samples';
import { controlSentence, governedReason } from './control-sentence';

const en = createTranslator(englishMessages()) as Translate;
const format = formattersFor('en');
/** Figures keep their unit on the same line (a no-break space); compared here as plain spaces. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');
const sentence = (change: Partial<ExportControlStatus>) =>
  plain(controlSentence(en, format, controlStatus(change)));

describe('the control sentence (issue 35)', () => {
  it('says control holds the grid, with the target and the grid in words', () => {
    expect(sentence({ state: 'holding', target_w: 0, grid_w: 8 })).toBe(
      'Holding the grid at the target (no import or export): importing 8 W now, close enough to leave the limits as they are.',
    );
    expect(sentence({ state: 'holding', target_w: -50, grid_w: -45 })).toContain(
      '(50 W export): exporting 45 W now',
    );
  });

  it('says which way it regulates, and the total limit', () => {
    expect(sentence({ state: 'regulating', target_w: 0, grid_w: 420, limit_w: 1_200 })).toBe(
      'The house is importing 420 W, more than the target (no import or export): raising the limits (now 1,200 W in total).',
    );
    expect(sentence({ state: 'regulating', target_w: 0, grid_w: -150, limit_w: 600 })).toBe(
      'The house is exporting 150 W, beyond the target (no import or export): lowering the limits (now 600 W in total).',
    );
  });

  it('says what it waits for, by how many limits are pending', () => {
    const [one] = controlStatus().inverters;
    const pending = { ...one!, state: 'pending' as const, confirmed: false };
    expect(sentence({ state: 'waiting', inverters: [pending] })).toMatch(
      /^A new limit was sent: waiting for the inverter to confirm it, then for newer live data and a newer meter reading/,
    );
    expect(
      sentence({ state: 'waiting', inverters: [pending, { ...pending, serial: '2' }] }),
    ).toMatch(/^New limits were sent: waiting for the inverters to confirm them/);
    expect(sentence({ state: 'waiting', inverters: [one!] })).toMatch(
      /^Waiting for newer live data and a newer meter reading/,
    );
  });

  it('says when no governed inverter can be acted on, and why one is left alone', () => {
    const [one] = controlStatus().inverters;
    const unknown = { ...one!, state: 'limit_unknown' as const };
    expect(sentence({ state: 'holding', grid_w: 300, inverters: [unknown] })).toMatch(
      /^None of the governed inverters can be acted on now/,
    );
    expect(sentence({ state: 'holding', grid_w: 8, inverters: [one!, unknown] })).toMatch(
      /^Holding the grid/,
    );
    expect(governedReason(en, 'limit_unknown')).toMatch(/has not read this inverter's limit yet/);
    expect(governedReason(en, 'away')).toMatch(/does not answer/);
  });

  it('words every other state plainly', () => {
    expect(sentence({ state: 'off', enabled: false })).toMatch(/^Export control is off/);
    expect(sentence({ state: 'meter_lost', grid_w: null })).toMatch(/fallback limit/);
    expect(sentence({ state: 'at_upper', grid_w: 300 })).toMatch(
      /upper limit and the house is still importing 300 W/,
    );
    expect(sentence({ state: 'at_lower', grid_w: -80 })).toMatch(
      /lower limit and the house is still exporting 80 W/,
    );
    for (const state of ['outside_window', 'no_inverters', 'starting'] as const)
      expect(sentence({ state })).not.toMatch(/powercontrol\./);
  });

  it('is the interface’s own translation, never the gateway’s English line', () => {
    const german = createTranslator(de, englishMessages(), 'de') as Translate;
    const raw = controlSentence(german, formattersFor('de'), controlStatus({ grid_w: 8 }));
    expect(raw).toContain('8\u00a0W');
    const text = plain(raw);
    expect(text).toBe(
      'Das Netz wird am Ziel gehalten (weder Bezug noch Einspeisung): jetzt Bezug 8 W, nah genug, um die Limits zu lassen, wie sie sind.',
    );
    expect(text).not.toContain(controlStatus().sentence);
  });

  it('gives each governed inverter its reason', () => {
    expect(governedReason(en, 'paused_manual')).toBe('Paused: the owner sent it a limit by hand.');
    expect(governedReason(en, 'away')).toMatch(/does not answer/);
  });
});
