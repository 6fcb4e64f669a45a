import { z } from 'zod';

/**
 * The firmware version this product reports as `git_hash`. It must read as an OpenDTU
 * release tag, since scripts parse it as a version ≥ v24.2.12 (integrations §7.3).
 */
export const FIRMWARE_VERSION = 'v24.11.7';

/** Reset reasons the simulated ESP32 reports per core, wire-contract §4.11. */
export const RESET_REASONS = {
  powerOn: 'Vbat power on reset',
  software: 'Software reset CPU',
} as const;

/** One FreeRTOS task of `task_details`, wire-contract §4.11. */
export const TaskDetailSchema = z.object({
  name: z.string(),
  /** Bytes of stack never used since the task started. */
  stack_watermark: z.number().int(),
  priority: z.number().int(),
});
export type TaskDetail = z.infer<typeof TaskDetailSchema>;

const bytes = () => z.number().int().min(0);

/** GET /api/system/status answer, wire-contract §4.11 (keys in the device's order). */
export const SystemStatusSchema = z.object({
  hostname: z.string(),
  sdkversion: z.string(),
  cpufreq: z.number().int(),
  /** °C; null on chips without a sensor. */
  cputemp: z.number().nullable(),
  heap_total: bytes(),
  heap_used: bytes(),
  /** Largest free block. */
  heap_max_block: bytes(),
  /** Lowest free heap since boot. */
  heap_min_free: bytes(),
  psram_total: bytes(),
  psram_used: bytes(),
  sketch_total: bytes(),
  sketch_used: bytes(),
  littlefs_total: bytes(),
  littlefs_used: bytes(),
  chiprevision: z.number().int(),
  chipmodel: z.string(),
  chipcores: z.number().int(),
  flashsize: bytes(),
  task_details: z.array(TaskDetailSchema),
  resetreason_0: z.string(),
  resetreason_1: z.string(),
  cfgsavecount: z.number().int(),
  config_version: z.string(),
  /** Release tag ("v24.11.7"), or "v…-N-g<hash>" / "g<hash>" for other builds. */
  git_hash: z.string(),
  /** v26.3.30 only: the branch the build came from. */
  git_branch: z.string().optional(),
  pioenv: z.string(),
  /** Seconds since boot. */
  uptime: z.number().int().min(0),
  nrf_configured: z.boolean(),
  nrf_connected: z.boolean(),
  nrf_pvariant: z.boolean(),
  cmt_configured: z.boolean(),
  cmt_connected: z.boolean(),
});
export type SystemStatus = z.infer<typeof SystemStatusSchema>;
