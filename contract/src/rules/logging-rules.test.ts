import { describe, expect, it } from 'vitest';
import { applyLoggingConfig } from './logging-rules.js';

const known = ['core', 'mqtt', 'ntp'];
const current = {
  default: 3,
  modules: [
    { name: 'core', level: -1 },
    { name: 'mqtt', level: 2 },
    { name: 'ntp', level: -1 },
  ],
};

describe('applyLoggingConfig', () => {
  it('sets the named modules, keeps the others, drops unknown names', () => {
    const next = applyLoggingConfig(
      current,
      {
        loglevel: {
          default: 4,
          modules: [
            { name: 'ntp', level: 5 },
            { name: 'no-such-module', level: 1 },
          ],
        },
      },
      known,
    );
    expect(next).toEqual({
      default: 4,
      modules: [
        { name: 'core', level: -1 },
        { name: 'mqtt', level: 2 },
        { name: 'ntp', level: 5 },
      ],
    });
  });

  it('clamps levels out of range, and the last of a name sent twice counts', () => {
    const next = applyLoggingConfig(
      current,
      {
        loglevel: {
          default: 12,
          modules: [
            { name: 'core', level: -9 },
            { name: 'mqtt', level: 1 },
            { name: 'mqtt', level: 40 },
          ],
        },
      },
      known,
    );
    expect(next.default).toBe(5);
    expect(next.modules).toEqual([
      { name: 'core', level: -1 },
      { name: 'mqtt', level: 5 },
      { name: 'ntp', level: -1 },
    ]);
    expect(
      applyLoggingConfig(current, { loglevel: { default: -3, modules: [] } }, known).default,
    ).toBe(0);
  });
});
