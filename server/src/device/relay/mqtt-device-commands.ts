import { ApiCode, type ApiCodeValue } from '@heliodtu/contract/codes';
import { parseSerialHex } from '@heliodtu/contract/domain/serial-hex';
import type { ApiParam } from '@heliodtu/contract/envelope';
import {
  LimitConfigRequestSchema,
  type CommandStatus,
  type LimitStatus,
} from '@heliodtu/contract/limit';
import {
  PowerConfigRequestSchema,
  powerActionOf,
  type PowerStatus,
} from '@heliodtu/contract/power';
import { checkLimitConfig } from '@heliodtu/contract/rules/limit-rules';
import type { z } from 'zod';
import { dataFromFormText } from '../../plugins/data-field.js';
import { modelOfPartNumber } from '../dev-info.js';
import type { MqttDeviceLink } from './mqtt-device-link.js';

/** A command not read back within this long has failed (as export control counts it). */
export const MQTT_CONFIRM_MS = 30_000;
/** A read-back within 2 % of the request confirms it; never finer than the wire's 0.1 %. */
const CONFIRM_SHARE = 0.02;
const CONFIRM_FLOOR_PERCENT = 0.1;

/** What was last asked of one inverter's limit, and how to know it was done. */
interface LimitRequest {
  /** Host ms the command left for the broker. */
  sentAt: number;
  /** The percent `status/limit_relative` must show, or the watts `status/limit_absolute` must. */
  want: { field: 'limit_relative' | 'limit_absolute'; value: number } | undefined;
}

interface PowerRequest {
  sentAt: number;
  /** The `status/producing` that confirms it; undefined for a restart (nothing to read back). */
  producing: '0' | '1' | undefined;
}

/** A command's answer: the wire's result code, or the failure a device away gets. */
export type CommandAnswer =
  { kind: 'result'; code: ApiCodeValue; param?: ApiParam } | { kind: 'away'; message: string };

/**
 * The commands of a device known only by its topics (issue 37): POST /api/limit/config and
 * /api/power/config are checked as on the device, then published to its own command topics
 * (`<serial>/cmd/…`, integrations §3), never retained. MQTT has no acknowledgement, so the
 * status reads (GET /api/limit/status, /api/power/status) say "Pending" until the device
 * publishes a status newer than the command that matches it: "Ok"; nothing matching within
 * 30 s is "Failure" (a request we could check) or "Unknown" (one the topics cannot show).
 */
export class MqttDeviceCommands {
  private readonly limits = new Map<string, LimitRequest>();
  private readonly powers = new Map<string, PowerRequest>();

  constructor(
    private readonly link: MqttDeviceLink,
    private readonly confirmMs = MQTT_CONFIRM_MS,
  ) {}

  limitStatus(): LimitStatus {
    const { tree } = this.link;
    const status: LimitStatus = {};
    for (const serial of tree.inverterSerials()) {
      const relative = numberOf(tree.statusField(serial, 'limit_relative')?.payload);
      status[serial] = {
        limit_relative: relative ?? 0,
        max_power: this.maxPower(serial) ?? 0,
        limit_set_status: this.limitState(serial),
      };
    }
    return status;
  }

  powerStatus(): PowerStatus {
    const status: PowerStatus = {};
    for (const serial of this.link.tree.inverterSerials()) {
      status[serial] = { power_set_status: this.powerState(serial) };
    }
    return status;
  }

  async limitConfig(body: Buffer, contentType?: string): Promise<CommandAnswer> {
    const read = await readData(body, contentType, LimitConfigRequestSchema);
    if ('code' in read) return { kind: 'result', code: read.code };
    const data = read.data;
    // Both limit_type schemes: the topic names the kind, whatever the device's firmware.
    const check = checkLimitConfig(data);
    if (!check.ok) return { kind: 'result', code: check.code, ...paramOf(check.param) };
    const serial = this.serialOf(data.serial);
    if (!serial) return { kind: 'result', code: ApiCode.LimitInvalidInverter };
    const { relative, persistent } = check.kind;
    const topic = `limit_${persistent ? 'persistent' : 'nonpersistent'}_${relative ? 'relative' : 'absolute'}`;
    // The device clamps a relative limit at 100 % (integrations §3.3).
    const value = relative ? Math.min(data.limit_value, 100) : data.limit_value;
    const max = this.maxPower(serial);
    const want: LimitRequest['want'] = relative
      ? { field: 'limit_relative', value }
      : max !== undefined
        ? { field: 'limit_relative', value: (value * 100) / max }
        : undefined;
    const away = await this.send(serial, topic, String(value));
    if (away) return away;
    this.limits.set(serial, { sentAt: this.link.clock(), want });
    return { kind: 'result', code: ApiCode.GenericSuccess };
  }

  async powerConfig(body: Buffer, contentType?: string): Promise<CommandAnswer> {
    const read = await readData(body, contentType, PowerConfigRequestSchema);
    if ('code' in read) return { kind: 'result', code: read.code };
    if (parseSerialHex(read.data.serial) === 0n) {
      return { kind: 'result', code: ApiCode.PowerSerialZero };
    }
    const serial = this.serialOf(read.data.serial);
    if (!serial) return { kind: 'result', code: ApiCode.PowerInvalidInverter };
    const action = powerActionOf(read.data);
    if (action === 'none') return { kind: 'result', code: ApiCode.GenericSuccess };
    const away =
      action === 'restart'
        ? await this.send(serial, 'restart', '1')
        : await this.send(serial, 'power', action === 'on' ? '1' : '0');
    if (away) return away;
    const producing = action === 'on' ? '1' : action === 'off' ? '0' : undefined;
    this.powers.set(serial, { sentAt: this.link.clock(), producing });
    return { kind: 'result', code: ApiCode.GenericSuccess };
  }

  /** The serial as the device publishes it, or undefined when it has no such inverter. */
  private serialOf(asked: string): string | undefined {
    const wanted = parseSerialHex(asked);
    if (wanted === 0n) return undefined;
    return this.link.tree.inverterSerials().find((serial) => parseSerialHex(serial) === wanted);
  }

  /**
   * max_power as the device knows it: its model's, from the published part number (the
   * model table, inverter-domain §3.2); else from the two published limits (limit_absolute =
   * % × max ÷ 100), which come only after the device's first limit read.
   */
  private maxPower(serial: string): number | undefined {
    const { tree } = this.link;
    const part = numberOf(tree.deviceField(serial, 'hwpartnumber'));
    const model = part !== undefined && part > 0 ? modelOfPartNumber(part).maxPower : 0;
    if (model > 0) return model;
    const relative = numberOf(tree.statusField(serial, 'limit_relative')?.payload);
    const absolute = numberOf(tree.statusField(serial, 'limit_absolute')?.payload);
    if (relative === undefined || absolute === undefined || relative <= 0 || absolute <= 0) {
      return undefined;
    }
    return Math.round((absolute * 100) / relative);
  }

  private limitState(serial: string): CommandStatus {
    const request = this.limits.get(serial);
    if (!request) {
      // No command of ours: the device's word is what it publishes.
      return this.link.tree.statusField(serial, 'limit_relative') ? 'Ok' : 'Unknown';
    }
    const want = request.want;
    const seen = want && this.link.tree.statusField(serial, want.field);
    const value = numberOf(seen?.payload);
    if (want && seen && seen.at > request.sentAt && value !== undefined) {
      const tolerance = Math.max(CONFIRM_FLOOR_PERCENT, Math.abs(want.value) * CONFIRM_SHARE);
      if (Math.abs(value - want.value) <= tolerance) return 'Ok';
    }
    if (this.link.clock() - request.sentAt < this.confirmMs) return 'Pending';
    return want ? 'Failure' : 'Unknown';
  }

  private powerState(serial: string): CommandStatus {
    const request = this.powers.get(serial);
    if (!request) return 'Unknown';
    if (request.producing === undefined) return 'Ok';
    const seen = this.link.tree.statusField(serial, 'producing');
    if (seen && seen.at > request.sentAt && seen.payload === request.producing) return 'Ok';
    if (this.link.clock() - request.sentAt < this.confirmMs) return 'Pending';
    // Not producing after "on" may be the night, not a refusal: the topics cannot tell.
    return 'Unknown';
  }

  /** Publishes the command, or says why it could not leave. */
  private async send(
    serial: string,
    name: string,
    payload: string,
  ): Promise<CommandAnswer | undefined> {
    if (this.link.state !== 'connected') {
      const why = this.link.problem?.message ?? 'nothing published under its base topic yet';
      return { kind: 'away', message: why };
    }
    try {
      await this.link.command(serial, name, payload);
      return undefined;
    } catch (error) {
      return { kind: 'away', message: (error as Error).message };
    }
  }
}

/** `data` of the form as the device reads it: multipart (the interface), or url-encoded or raw. */
async function readData<S extends z.ZodType>(
  body: Buffer,
  contentType: string | undefined,
  schema: S,
): Promise<{ data: z.infer<S> } | { code: ApiCodeValue }> {
  let text: string | undefined;
  if (contentType && /^multipart\/form-data/i.test(contentType)) {
    try {
      const form = await new Response(body, {
        headers: { 'content-type': contentType },
      }).formData();
      const data = form.get('data');
      text = typeof data === 'string' ? data : undefined;
    } catch {
      text = undefined;
    }
  } else text = dataFromFormText(body.toString('utf8'));
  if (text === undefined) return { code: ApiCode.GenericNoValueFound };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { code: ApiCode.GenericParseError };
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? { data: parsed.data } : { code: ApiCode.GenericValueMissing };
}

function paramOf(param: ApiParam | undefined): { param?: ApiParam } {
  return param ? { param } : {};
}

function numberOf(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}
