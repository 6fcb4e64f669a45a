import type { LimitKind } from '@heliodtu/contract/domain/limit-type';
import type { CommandResult } from '../device/fleet-commands.js';
import type { ConfigSection, ConfigStore } from '../store/config-store.js';
import { commandFilters, parseCommand, type MqttCommand } from './command-parse.js';
import type { MqttConnection } from './connection.js';
import { hasWildcard } from './publish-topics.js';

/** The command path the REST API uses (device/simulator.ts). */
export interface CommandFleet {
  inverterSerials(): string[];
  setLimit(serial: string, value: number, kind: LimitKind): CommandResult;
  setPower(serial: string, on: boolean): CommandResult;
  restart(serial: string): CommandResult;
  resetRadioStats(serial: string): boolean;
}

export interface MqttCommandHandlerOptions {
  connection: Pick<MqttConnection, 'subscribe'>;
  store: Pick<ConfigStore, 'config' | 'on' | 'off'>;
  fleet: CommandFleet;
  log: (line: string) => void;
  /** A limit the owner sent reached the inverter's queue: export control pauses it (issue 35). */
  onLimitSent?: (serial: string) => void;
}

/**
 * Subscribes the seven command topics (integrations §3.1) under the current base topic and
 * hands each accepted command to the fleet. A bad message becomes a console line, never an
 * exception; commands disabled for the inverter are dropped silently, as on the device (§3.3).
 */
export class MqttCommandHandler {
  private unsubscribers: (() => void)[] = [];
  private baseTopic: string | undefined;
  private readonly onSaved = (sections: ConfigSection[]) => {
    if (sections.includes('mqtt')) this.follow();
  };

  constructor(private readonly options: MqttCommandHandlerOptions) {}

  start(): void {
    this.options.store.on('saved', this.onSaved);
    this.follow();
  }

  stop(): void {
    this.options.store.off('saved', this.onSaved);
    this.unsubscribeAll();
  }

  /** Handle one incoming message (exposed for the connection's dispatcher). */
  handle(topic: string, payload: Buffer, retained: boolean): void {
    const base = this.baseTopic ?? this.options.store.config.mqtt.topic;
    const result = parseCommand(
      { topic, payload, retained },
      base,
      this.options.fleet.inverterSerials(),
    );
    if (!result.ok) {
      this.options.log(`MQTT: ignored ${topic}: ${result.reason}`);
      return;
    }
    this.execute(result.command, topic);
  }

  private execute(command: MqttCommand, topic: string): void {
    const { fleet, log } = this.options;
    switch (command.kind) {
      case 'limit': {
        const result = fleet.setLimit(command.serial, command.value, command.limit);
        this.report(result, topic);
        if (result.ok && result.queued) this.options.onLimitSent?.(command.serial);
        break;
      }
      case 'power':
        this.report(fleet.setPower(command.serial, command.on), topic);
        break;
      case 'restart':
        this.report(fleet.restart(command.serial), topic);
        break;
      case 'reset_rf_stats':
        if (fleet.resetRadioStats(command.serial))
          log(`MQTT: radio statistics of ${command.serial} reset`);
        else log(`MQTT: ignored ${topic}: no inverter with this serial`);
        break;
    }
  }

  private report(result: CommandResult, topic: string): void {
    // The inverter may have left the fleet between parsing and executing.
    if (!result.ok) this.options.log(`MQTT: ignored ${topic}: no inverter with this serial`);
  }

  /** (Re-)subscribe when the base topic changed: old filters off, new ones on (integrations §3.1). */
  private follow(): void {
    const base = this.options.store.config.mqtt.topic;
    if (base === this.baseTopic) return;
    this.unsubscribeAll();
    this.baseTopic = base;
    if (hasWildcard(base)) {
      // The broker would drop the connection over such a filter.
      this.options.log(
        `MQTT: base topic ${JSON.stringify(base)} holds a wildcard; commands disabled`,
      );
      return;
    }
    const handler = (topic: string, payload: Buffer, retained: boolean) =>
      this.handle(topic, payload, retained);
    this.unsubscribers = commandFilters(base).map((filter) =>
      this.options.connection.subscribe(filter, handler),
    );
  }

  private unsubscribeAll(): void {
    for (const unsubscribe of this.unsubscribers) unsubscribe();
    this.unsubscribers = [];
  }
}
