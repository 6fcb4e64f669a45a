import { describe, expect, it } from 'vitest';
import { commandFilters, parseCFloat, parseCommand, parseTopicSerial } from './command-parse.js';

const SERIALS = ['114172345678', '1161abcdef01'];
const parse = (topic: string, payload: string, retained = false) =>
  parseCommand({ topic, payload: Buffer.from(payload), retained }, 'solar/', SERIALS);
const cmd = (name: string, serial = '114172345678') => `solar/${serial}/cmd/${name}`;

describe('commandFilters (integrations §3.1)', () => {
  it('lists the seven filters under the base topic', () => {
    expect(commandFilters('solar/')).toEqual([
      'solar/+/cmd/limit_persistent_relative',
      'solar/+/cmd/limit_persistent_absolute',
      'solar/+/cmd/limit_nonpersistent_relative',
      'solar/+/cmd/limit_nonpersistent_absolute',
      'solar/+/cmd/power',
      'solar/+/cmd/restart',
      'solar/+/cmd/reset_rf_stats',
    ]);
  });
});

describe('parseCFloat (integrations §3.2)', () => {
  it.each([
    ['50', 50],
    ['  80.5', 80.5],
    ['\t\n12', 12],
    ['50W', 50],
    ['80%', 80],
    ['1abc', 1],
    ['1.0', 1],
    ['-1', -1],
    ['+2', 2],
    ['.5', 0.5],
    ['1e2', 100],
    ['0x1A', 26],
    ['0x1.8p1', 3],
    ['0xg', 0],
    ['inf', Infinity],
    ['-Infinity', -Infinity],
  ])('reads %j as %d', (text, expected) => {
    expect(parseCFloat(text)).toBe(expected);
  });

  it('reads nan as NaN', () => {
    expect(parseCFloat('nan')).toBeNaN();
  });

  it.each(['on', 'true', '{"v":50}', '', ' ', '.', '-', 'x1'])('finds no number in %j', (text) => {
    expect(parseCFloat(text)).toBe('none');
  });

  it.each(['1e99', '-1e39', '1e-99', '99999999999999999999999999999999999999999'])(
    'reports %j as out of range',
    (text) => {
      expect(parseCFloat(text)).toBe('range');
    },
  );
});

describe('parseTopicSerial (integrations §3.2)', () => {
  it('reads hex, any case, optional 0x, up to the first non-hex character', () => {
    expect(parseTopicSerial('114172345678')).toBe(0x114172345678n);
    expect(parseTopicSerial('1161ABCDEF01')).toBe(0x1161abcdef01n);
    expect(parseTopicSerial('0x114172345678')).toBe(0x114172345678n);
    expect(parseTopicSerial('114172345678_x')).toBe(0x114172345678n);
    expect(parseTopicSerial('xyz')).toBeNull();
    expect(parseTopicSerial('')).toBeNull();
  });
});

describe('parseCommand (integrations §3.3)', () => {
  it('parses the four limit commands with their kinds', () => {
    expect(parse(cmd('limit_persistent_relative'), '80')).toEqual({
      ok: true,
      command: {
        serial: '114172345678',
        kind: 'limit',
        value: 80,
        limit: { relative: true, persistent: true },
      },
    });
    expect(parse(cmd('limit_persistent_absolute'), '600W')).toMatchObject({
      command: { value: 600, limit: { relative: false, persistent: true } },
    });
    expect(parse(cmd('limit_nonpersistent_relative'), '33.3%')).toMatchObject({
      command: { value: 33.3, limit: { relative: true, persistent: false } },
    });
    expect(parse(cmd('limit_nonpersistent_absolute'), '3000')).toMatchObject({
      // MQTT does not apply the web API's 2250 W check.
      command: { value: 3000, limit: { relative: false, persistent: false } },
    });
  });

  it('clamps relative limits to 100 but not absolute ones; rounds to 0.1', () => {
    expect(parse(cmd('limit_persistent_relative'), '150')).toMatchObject({
      command: { value: 100 },
    });
    expect(parse(cmd('limit_nonpersistent_relative'), 'inf')).toMatchObject({
      command: { value: 100 },
    });
    expect(parse(cmd('limit_nonpersistent_absolute'), '123.456')).toMatchObject({
      command: { value: 123.5 },
    });
  });

  it('ignores negative limits and absolute limits the radio cannot carry', () => {
    expect(parse(cmd('limit_persistent_relative'), '-5')).toEqual({
      ok: false,
      reason: 'negative limit "-5"',
    });
    expect(parse(cmd('limit_nonpersistent_absolute'), '7000')).toEqual({
      ok: false,
      reason: 'limit "7000" too large',
    });
  });

  it('switches power on above 0 after truncation, off otherwise', () => {
    const on = (payload: string) => {
      const result = parse(cmd('power'), payload);
      return result.ok && result.command.kind === 'power' ? result.command.on : null;
    };
    expect(on('1')).toBe(true);
    expect(on('2')).toBe(true);
    expect(on('0')).toBe(false);
    expect(on('0.5')).toBe(false);
    expect(on('-1')).toBe(false);
  });

  it('accepts restart and reset_rf_stats only for the value 1', () => {
    for (const payload of ['1', '1.0', '1x', ' 1']) {
      expect(parse(cmd('restart'), payload)).toEqual({
        ok: true,
        command: { serial: '114172345678', kind: 'restart' },
      });
    }
    expect(parse(cmd('reset_rf_stats', '1161ABCDEF01'), '1')).toEqual({
      ok: true,
      command: { serial: '1161abcdef01', kind: 'reset_rf_stats' },
    });
    expect(parse(cmd('restart'), '2')).toEqual({
      ok: false,
      reason: 'restart needs payload 1, got "2"',
    });
    expect(parse(cmd('reset_rf_stats'), '0')).toMatchObject({ ok: false });
  });

  it('ignores retained non-persistent limits, restart and reset; accepts retained persistent and power', () => {
    for (const name of [
      'limit_nonpersistent_relative',
      'limit_nonpersistent_absolute',
      'restart',
      'reset_rf_stats',
    ]) {
      expect(parse(cmd(name), '1', true)).toEqual({
        ok: false,
        reason: `retained ${name} ignored`,
      });
    }
    for (const name of ['limit_persistent_relative', 'limit_persistent_absolute', 'power']) {
      expect(parse(cmd(name), '1', true)).toMatchObject({ ok: true });
    }
  });

  it('turns bad payloads into reasons, never exceptions', () => {
    expect(parse(cmd('power'), 'on')).toEqual({
      ok: false,
      reason: 'payload "on" is not a number',
    });
    expect(parse(cmd('power'), '')).toEqual({ ok: false, reason: 'payload "" is not a number' });
    expect(parse(cmd('limit_persistent_relative'), '{"v":50}')).toMatchObject({ ok: false });
    expect(parse(cmd('limit_persistent_absolute'), '1e99')).toEqual({
      ok: false,
      reason: 'payload "1e99" is out of range',
    });
    expect(parse(cmd('power'), 'nan')).toMatchObject({ ok: false });
    expect(parse(cmd('power'), 'x'.repeat(500))).toMatchObject({ ok: false });
  });

  it('matches the serial as hex; unknown serials and other topics are ignored', () => {
    expect(parse(cmd('power', '0x114172345678'), '1')).toMatchObject({
      command: { serial: '114172345678' },
    });
    expect(parse(cmd('power', '114172345678_old'), '1')).toMatchObject({ ok: true });
    expect(parse(cmd('power', '999999999999'), '1')).toEqual({
      ok: false,
      reason: 'no inverter with this serial',
    });
    expect(parse(cmd('power', 'ffffffffffffffffffffffff'), '1')).toMatchObject({ ok: false });
    expect(parse(cmd('reboot'), '1')).toEqual({ ok: false, reason: 'not a command topic' });
    expect(parse('other/114172345678/cmd/power', '1')).toMatchObject({ ok: false });
    expect(parse('solar/114172345678/cmd/power/x', '1')).toMatchObject({ ok: false });
  });
});
