import { describe, expect, it } from 'vitest';
import { CommandSlot, type PowerCommand } from './commands.js';

const OFF: PowerCommand = { kind: 'power', action: 'off' };

describe('CommandSlot (inverter-domain §7.2)', () => {
  it('starts Ok, goes Pending, and is Ok when the first window is answered', () => {
    const slot = new CommandSlot<PowerCommand>();
    expect(slot.status).toBe('Ok');
    slot.send(OFF, 10_000);
    expect(slot.status).toBe('Pending');
    expect(slot.due).toBe(12_500);
    expect(slot.closeWindow(12_000, () => true)).toBeNull();
    expect(slot.closeWindow(12_500, () => true)).toBe(OFF);
    expect(slot.status).toBe('Ok');
    expect(slot.due).toBeNull();
  });

  it('fails after five empty windows and re-sends on request', () => {
    const slot = new CommandSlot<PowerCommand>();
    slot.send(OFF, 0);
    for (const at of [2_500, 4_500, 6_500, 8_500]) {
      expect(slot.closeWindow(at, () => false)).toBeNull();
      expect(slot.status).toBe('Pending');
    }
    slot.closeWindow(10_500, () => false);
    expect(slot.status).toBe('Failure');
    expect(slot.due).toBeNull();
    expect(slot.resendIfFailed(15_000)).toBe(true);
    expect(slot.status).toBe('Pending');
    expect(slot.resendIfFailed(15_000)).toBe(false);
  });
});
