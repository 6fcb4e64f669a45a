import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { LimitKind } from '@heliodtu/contract/domain/limit-type';
import type { CommandResult } from '../device/fleet-commands.js';
import { MqttCommandHandler, type CommandFleet } from './command-handler.js';

// Issue 35: an owner's limit over MQTT pauses export control of that inverter, once the DTU
// queued it; a command it dropped or refused does not.

const SERIAL = '114182352592';

function handlerWith(result: CommandResult) {
  const sent: string[] = [];
  const taken: [string, number, LimitKind][] = [];
  const fleet: CommandFleet = {
    inverterSerials: () => [SERIAL],
    setLimit: (serial, value, kind) => {
      taken.push([serial, value, kind]);
      return result;
    },
    setPower: () => result,
    restart: () => result,
    resetRadioStats: () => true,
  };
  const store = Object.assign(new EventEmitter(), { config: { mqtt: { topic: 'solar/' } } });
  const handler = new MqttCommandHandler({
    connection: { subscribe: () => () => undefined },
    store: store as never,
    fleet,
    log: () => undefined,
    onLimitSent: (serial) => sent.push(serial),
  });
  return { handler, sent, taken };
}

describe('an MQTT limit command and export control', () => {
  it('tells control which inverter got an owner limit once the DTU queued it', () => {
    const { handler, sent, taken } = handlerWith({ ok: true, queued: true });
    handler.handle(`solar/${SERIAL}/cmd/limit_nonpersistent_absolute`, Buffer.from('300'), false);
    expect(taken).toEqual([[SERIAL, 300, { relative: false, persistent: false }]]);
    expect(sent).toEqual([SERIAL]);
    handler.handle(`solar/${SERIAL}/cmd/power`, Buffer.from('1'), false);
    expect(sent).toEqual([SERIAL]);
  });

  it('tells it nothing for a command the DTU dropped or a message it ignored', () => {
    const { handler, sent } = handlerWith({ ok: true, queued: false });
    handler.handle(`solar/${SERIAL}/cmd/limit_nonpersistent_absolute`, Buffer.from('300'), false);
    handler.handle(`solar/999999999999/cmd/limit_nonpersistent_absolute`, Buffer.from('3'), false);
    handler.handle(`solar/${SERIAL}/cmd/limit_nonpersistent_absolute`, Buffer.from('x'), false);
    expect(sent).toEqual([]);
  });
});
