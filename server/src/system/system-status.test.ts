import { describe, expect, it } from 'vitest';
import { defaultConfigFile } from '@heliodtu/contract/config-file';
import { SystemStatusSchema } from '@heliodtu/contract/system';
import { systemStatus, type SystemStatusInput } from './system-status.js';

const input = (change: Partial<SystemStatusInput> = {}): SystemStatusInput => ({
  config: defaultConfigFile(),
  chipId: 0x0a1b2c,
  uptimeSeconds: 42,
  resetReason: 'Vbat power on reset',
  heap: {
    heap_total: 300_000,
    heap_used: 120_000,
    heap_max_block: 100_000,
    heap_min_free: 150_000,
  },
  fileSystem: { littlefs_total: 1_441_792, littlefs_used: 20_480 },
  cpuTemperature: 47.5,
  radios: { nrf: true, cmt: true },
  radioFault: false,
  ...change,
});

describe('systemStatus', () => {
  it('builds a valid answer from its inputs', () => {
    const status = SystemStatusSchema.parse(systemStatus(input()));
    expect(status).toMatchObject({
      hostname: 'OpenDTU-0A1B2C',
      uptime: 42,
      heap_total: 300_000,
      heap_min_free: 150_000,
      littlefs_used: 20_480,
      cputemp: 47.5,
      cfgsavecount: 0,
    });
  });

  it('lists the MQTT client task only while MQTT is enabled', () => {
    const names = (enabled: boolean) => {
      const config = defaultConfigFile();
      config.mqtt.enabled = enabled;
      return systemStatus(input({ config })).task_details.map((task) => task.name);
    };
    expect(names(false)).not.toContain('mqttclient');
    expect(names(true)).toContain('mqttclient');
  });

  it('reports a radio without valid pins as neither configured nor connected', () => {
    expect(systemStatus(input({ radios: { nrf: true, cmt: false } }))).toMatchObject({
      nrf_configured: true,
      nrf_connected: true,
      nrf_pvariant: true,
      cmt_configured: false,
      cmt_connected: false,
    });
    expect(systemStatus(input({ radios: { nrf: false, cmt: true } }))).toMatchObject({
      nrf_configured: false,
      nrf_connected: false,
      nrf_pvariant: false,
      cmt_configured: true,
      cmt_connected: true,
    });
  });

  it('keeps configured radios unconnected under the radio fault', () => {
    expect(systemStatus(input({ radioFault: true }))).toMatchObject({
      nrf_configured: true,
      nrf_connected: false,
      cmt_configured: true,
      cmt_connected: false,
    });
  });
});
