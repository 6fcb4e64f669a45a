import type { z } from 'zod';
import { ApiCode } from '@heliodtu/contract/codes';
import {
  emptyInverterSlot,
  type ChannelFile,
  type InverterSlotFile,
} from '@heliodtu/contract/config-file';
import { inverterModelOf, UNKNOWN_TYPE } from '@heliodtu/contract/domain/inverter-model';
import {
  InverterChannelEditSchema,
  ReachableThresholdSchema,
  type Inverter,
  type InverterAddRequest,
  type InverterEditRequestSchema,
  type InverterOrderRequest,
} from '@heliodtu/contract/inverter';
import { MAX_CHANNELS, MAX_INVERTERS } from '@heliodtu/contract/limits';
import type { FieldProblem } from '@heliodtu/contract/rules/field-problem';
import {
  inverterAddProblems,
  inverterEditProblems,
  inverterSerialProblems,
} from '@heliodtu/contract/rules/inverter-rules';
import { formatSerialHex, parseSerialHex } from '@heliodtu/contract/wire';
import { ApiFailure } from '../plugins/api-failure.js';

type EditData = z.infer<typeof InverterEditRequestSchema>;

/** A slot is occupied when its serial is not 0 (wire-contract §4.3). */
export function isOccupied(slot: InverterSlotFile): boolean {
  return slot.serial > 0;
}

/** Serial as a bigint; config.json holds it as the JSON number of its value (wire-contract §9). */
function serialOf(slot: InverterSlotFile): bigint {
  return isOccupied(slot) && Number.isFinite(slot.serial) ? BigInt(Math.trunc(slot.serial)) : 0n;
}

/** One entry of GET /api/inverter/list for slot `id`, wire-contract §4.3. */
export function listEntryOf(slot: InverterSlotFile, id: number): Inverter {
  const serial = serialOf(slot);
  const model = inverterModelOf(serial);
  return {
    id,
    name: slot.name,
    order: slot.order,
    serial: formatSerialHex(serial),
    poll_enable: slot.poll_enable,
    poll_enable_night: slot.poll_enable_night,
    command_enable: slot.command_enable,
    command_enable_night: slot.command_enable_night,
    reachable_threshold: slot.reachable_threshold,
    zero_runtime: slot.zero_runtime,
    zero_day: slot.zero_day,
    clear_eventlog: slot.clear_eventlog,
    yieldday_correction: slot.yieldday_correction,
    type: model?.type ?? UNKNOWN_TYPE,
    channel: slot.channel.slice(0, model?.channels ?? MAX_CHANNELS).map((c) => ({
      name: c.name,
      max_power: c.max_power,
      yield_total_offset: c.yield_total_offset,
      // HelioDTU extension (issue 23): always listed, so the interface knows it may offer it.
      azimuth: c.azimuth ?? null,
      tilt: c.tilt ?? null,
    })),
  };
}

/**
 * One edited channel: OpenDTU's fields with their defaults; the orientation (HelioDTU extension)
 * kept from `stored` when the entry leaves it out, cleared by null. Checked before, so it parses.
 */
function editedChannel(entry: unknown, stored: ChannelFile | undefined): ChannelFile {
  const { azimuth, tilt, ...channel } = InverterChannelEditSchema.parse(entry);
  const orientation =
    azimuth === undefined && tilt === undefined
      ? { azimuth: stored?.azimuth, tilt: stored?.tilt }
      : { azimuth, tilt };
  return orientation.azimuth == null || orientation.tilt == null
    ? channel
    : { ...channel, azimuth: orientation.azimuth, tilt: orientation.tilt };
}

/** Serials of the occupied slots other than `ownId`, for the duplicate check (4001). */
function otherSerials(slots: readonly InverterSlotFile[], ownId?: number): bigint[] {
  return slots.flatMap((slot, id) => (id !== ownId && isOccupied(slot) ? [serialOf(slot)] : []));
}

/** Throws the first problem as the device answers it (its code, and its param if any). */
function throwFirst(problems: readonly FieldProblem[]): void {
  const [first] = problems;
  if (first) throw new ApiFailure(first.code, first.param);
}

/**
 * The serial of an add or edit: 4001 when it is 0, wider than 12 hex digits, or already used by
 * another slot than `ownId` (see contract/src/inverter.ts for why duplicates are refused).
 */
export function checkSerial(
  text: string,
  slots: readonly InverterSlotFile[],
  ownId?: number,
): number {
  throwFirst(inverterSerialProblems(text, otherSerials(slots, ownId)));
  return Number(parseSerialHex(text));
}

/** POST /api/inverter/add → the slot to fill and its content: 4001, 4002, 4003 {max:10}. */
export function addedInverter(
  data: InverterAddRequest,
  slots: readonly InverterSlotFile[],
): { id: number; slot: InverterSlotFile } {
  throwFirst(inverterAddProblems(data, otherSerials(slots)));
  const serial = Number(parseSerialHex(data.serial));
  const id = slots.findIndex((slot) => !isOccupied(slot));
  if (id < 0 || id >= MAX_INVERTERS) {
    throw new ApiFailure(ApiCode.InverterCount, { max: MAX_INVERTERS });
  }
  return { id, slot: { ...emptyInverterSlot(), serial, name: data.name } };
}

/**
 * POST /api/inverter/edit → the new slot content: 4005, 4001, 4002, 4006 in the device's order,
 * then the SPEC_STRICTER value checks (1005). Channels beyond the array keep their values.
 */
export function editedInverter(
  data: EditData,
  slots: readonly InverterSlotFile[],
): { id: number; slot: InverterSlotFile } {
  const id = data.id;
  const current = slots[id];
  if (id >= MAX_INVERTERS || !current) throw new ApiFailure(ApiCode.InverterInvalidId);
  throwFirst(inverterEditProblems(data, otherSerials(slots, id)));
  const serial = Number(parseSerialHex(data.serial));
  // Checked above, so these parse.
  const threshold = ReachableThresholdSchema.parse(data.reachable_threshold);
  const channel: ChannelFile[] = current.channel.map((c) => ({ ...c }));
  data.channel.forEach((entry, index) => {
    channel[index] = editedChannel(entry, current.channel[index]);
  });
  return {
    id,
    slot: {
      serial,
      name: data.name,
      // The device keeps the stored order; only /api/inverter/order changes it.
      order: current.order,
      poll_enable: data.poll_enable,
      poll_enable_night: data.poll_enable_night,
      command_enable: data.command_enable,
      command_enable_night: data.command_enable_night,
      reachable_threshold: threshold,
      zero_runtime: data.zero_runtime,
      zero_day: data.zero_day,
      clear_eventlog: data.clear_eventlog,
      yieldday_correction: data.yieldday_correction,
      channel,
    },
  };
}

/** POST /api/inverter/del: 4005 for an id above 9. */
export function checkSlotId(id: number): void {
  if (id >= MAX_INVERTERS) throw new ApiFailure(ApiCode.InverterInvalidId);
}

/**
 * POST /api/inverter/order → new `order` per slot id: the id at position k gets k; ids ≥ 10
 * are skipped while k still counts (wire-contract §4.3). A later duplicate id wins.
 */
export function ordersOf(order: InverterOrderRequest['order']): Map<number, number> {
  const orders = new Map<number, number>();
  order.forEach((entry, position) => {
    const id = Number(entry);
    if (id < MAX_INVERTERS) orders.set(id, position);
  });
  return orders;
}
