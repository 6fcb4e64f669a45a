import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  ApiCode,
  ApiCodeCompanion,
  API_MESSAGES,
  responseTypeOf,
  type ApiCodeValue,
} from '@heliodtu/contract/codes';
import {
  DEVICES_PATH,
  DeviceAddRequestSchema,
  DeviceDeleteRequestSchema,
  DeviceEditRequestSchema,
  DeviceOrderRequestSchema,
  DeviceTestRequestSchema,
  type DeviceList,
  type DeviceTestResult,
  type MqttFound,
} from '@heliodtu/contract/companion';
import { AWAY_SECONDS_RANGE } from '@heliodtu/contract/limits';
import { deviceIdOfName } from '../device/relay/device-names.js';
import { DeviceTarget, DeviceTargetError } from '../device/relay/device-target.js';
import { envDevices } from '../companion-env.js';
import { apiResult } from '../plugins/api-result.js';
import type { StoredDevice } from '../store/devices-file.js';
import { awaySecondsProblem, deviceEntryOf } from './companion-device-entries.js';

const DEVICE_ACTIONS = ['test', 'add', 'edit', 'del', 'order'] as const;

/** A result with a message of its own (the probe's plain words, an address's problem). */
function result(code: ApiCodeValue, message?: string, extra: object = {}): DeviceTestResult {
  return {
    type: responseTypeOf(code),
    message: message ?? API_MESSAGES[code] ?? '',
    code,
    ...extra,
  };
}

/** A request that cannot go on: answered with its code, nothing changed. */
class Refused extends Error {
  constructor(readonly answer: DeviceTestResult) {
    super(answer.message);
  }
}

/**
 * The Devices screen's API (issue 27, a HelioDTU extension, admin only): the list, a connection
 * test, and add, edit, remove and order. Passwords are write-only: stored in devices.json,
 * never answered, never printed. add and edit test the device first and save nothing when it
 * cannot be used; a change is written to devices.json before it takes effect, so a failed
 * write changes nothing. Devices from DTU_URL are listed, not changed here.
 */
export const companionDevicesRoutes: FastifyPluginAsync = async (app) => {
  const registry = app.devices;
  const screen = app.screenDevices;
  if (!registry || !screen) {
    // The simulated gateway has no devices: 404, as the description says, for every request.
    const notCompanion = async (_request: FastifyRequest, reply: FastifyReply) =>
      reply.code(404).send(apiResult(ApiCodeCompanion.DeviceUnknown));
    app.get(DEVICES_PATH, { preHandler: app.requireAdmin }, notCompanion);
    for (const action of DEVICE_ACTIONS) {
      app.post(`${DEVICES_PATH}/${action}`, { preHandler: app.requireAdmin }, notCompanion);
    }
    return;
  }
  // The probe (and the relay modules under it) only on a companion.
  const { probeDevice } = await import('../device/relay/probe.js');
  const log = (line: string) => app.consoleLog.write(line);
  // One change at a time: two adds must not both pass the name check.
  let changing: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(task: () => Promise<T>): Promise<T> => {
    const run = changing.then(task, task);
    changing = run.catch(() => undefined);
    return run;
  };

  const options = app.system.options.companion;
  const envAway = new Map(
    options ? envDevices(options).map((d) => [d.target.id, d.awaySeconds]) : [],
  );
  const sharedAway = options?.sharedAwaySeconds;
  const storedOf = (id: string) => screen.entries.find((stored) => stored.id === id);

  app.get(DEVICES_PATH, { preHandler: app.requireAdmin }, async (): Promise<DeviceList> => ({
    devices: registry.list().map((d) => deviceEntryOf(d, storedOf(d.id), envAway.get(d.id))),
    shared_away_s: sharedAway ?? null,
  }));

  /** The away time to keep for `target`, or a refusal (20014, with the range) saving nothing. */
  const checkAway = (awaySeconds: number | null | undefined, target: DeviceTarget) => {
    const problem = awaySecondsProblem(awaySeconds, target.kind === 'mqtt');
    if (problem === null) return awaySeconds ?? undefined;
    const { min, max } = AWAY_SECONDS_RANGE;
    throw new Refused(result(ApiCodeCompanion.DeviceAwayInvalid, problem, { param: { min, max } }));
  };
  const awayOf = (awaySeconds: number | undefined) =>
    awaySeconds === undefined ? {} : { away_s: awaySeconds };

  const targetOf = (input: { id: string; url: string; user: string; password: string }) => {
    try {
      return new DeviceTarget(input);
    } catch (error) {
      if (!(error instanceof DeviceTargetError)) throw error;
      throw new Refused(result(ApiCodeCompanion.DeviceUrlInvalid, error.message));
    }
  };
  /**
   * Connects with the target's login; refuses with the device's problem when it cannot be used.
   * A device known by its topics (issue 37) is looked for on its broker with a client of the
   * test's own: what it found (host name, inverters) comes back for the screen.
   */
  const test = async (target: DeviceTarget): Promise<{ message: string; found?: MqttFound }> => {
    if (target.kind === 'mqtt') {
      // mqtt.js loads only when a broker is asked.
      const { findMqttDevice } = await import('../device/relay/mqtt-device-finder.js');
      const found = await findMqttDevice(target, app.brokerCa ? { ownCa: app.brokerCa } : {});
      if (!found.ok) {
        throw new Refused(
          result(ApiCodeCompanion.DeviceProblem, found.message, { problem: found.code }),
        );
      }
      return {
        message: found.message,
        found: { hostname: found.hostname, inverters: found.inverters },
      };
    }
    const probed = await probeDevice(target);
    if (!probed.ok) {
      throw new Refused(
        result(ApiCodeCompanion.DeviceProblem, probed.message, { problem: probed.code }),
      );
    }
    return probed;
  };
  /** A new or changed name: one an id can be made of, not another device's. */
  const checkName = (name: string, ownId?: string) => {
    const id = deviceIdOfName(name);
    if (id === null) throw new Refused(result(ApiCodeCompanion.DeviceNameInvalid));
    const clash = registry
      .list()
      .find(
        (device) =>
          device.id !== ownId &&
          (device.id === id || device.name.trim().toLowerCase() === name.trim().toLowerCase()),
      );
    if (clash) throw new Refused(result(ApiCodeCompanion.DeviceNameTaken));
    return id;
  };
  const screenDevice = (id: string) => {
    const device = registry.get(id);
    if (!device) throw new Refused(result(ApiCodeCompanion.DeviceUnknown));
    if (device.origin === 'env') throw new Refused(result(ApiCodeCompanion.DeviceFromEnvironment));
    return device;
  };
  /** Writes devices.json; false (and nothing kept) when the write failed. */
  const save = async (entries: StoredDevice[], order: string[]) => {
    try {
      await screen.save(entries, order);
      return true;
    } catch (error) {
      log(`devices.json not saved: ${(error as Error).message}`);
      return false;
    }
  };

  const post = (action: string, handler: (request: FastifyRequest) => Promise<DeviceTestResult>) =>
    app.post(
      `${DEVICES_PATH}/${action}`,
      { preHandler: app.requireAdmin },
      async (request, reply) => {
        try {
          return send(reply, await handler(request));
        } catch (error) {
          if (error instanceof Refused) return send(reply, error.answer);
          throw error;
        }
      },
    );

  post('test', async (request) => {
    const data = await request.readData(DeviceTestRequestSchema);
    const found = await test(targetOf({ id: 'test', ...data }));
    return result(
      ApiCodeCompanion.DeviceReachable,
      `Found ${found.message}`,
      found.found ? { found: found.found } : {},
    );
  });

  post('add', async (request) => {
    const data = await request.readData(DeviceAddRequestSchema);
    const name = data.name.trim();
    const id = checkName(name);
    const target = targetOf({ id, url: data.url, user: data.user, password: data.password });
    const awaySeconds = checkAway(data.away_s, target);
    await test(target);
    return inTurn(async () => {
      checkName(name);
      const stored: StoredDevice = {
        id,
        name,
        url: target.baseUrl,
        user: target.user,
        password: data.password,
        ...awayOf(awaySeconds),
      };
      const order = [...registry.list().map((device) => device.id), id];
      if (!(await save([...screen.entries, stored], order)))
        return apiResult(ApiCode.GenericWriteFailed);
      registry.add(target, name, 'screen');
      log(`Device ${name} (${id}) added: ${target.baseUrl}`);
      return result(ApiCodeCompanion.DeviceAdded);
    });
  });

  post('edit', async (request) => {
    const data = await request.readData(DeviceEditRequestSchema);
    const device = screenDevice(data.id);
    const name = data.name.trim();
    checkName(name, device.id);
    const before = screen.entries.find((stored) => stored.id === device.id);
    // An empty password keeps the stored one: the screen never has it to send back.
    const password = data.password === '' ? (before?.password ?? '') : data.password;
    const target = targetOf({ id: device.id, url: data.url, user: data.user, password });
    // Absent keeps the stored time, while the device stays on a broker.
    const given =
      data.away_s === undefined && target.kind === 'mqtt' ? before?.away_s : data.away_s;
    const awaySeconds = checkAway(given, target);
    await test(target);
    return inTurn(async () => {
      screenDevice(device.id);
      checkName(name, device.id);
      const stored: StoredDevice = {
        id: device.id,
        name,
        url: target.baseUrl,
        user: target.user,
        password,
        ...awayOf(awaySeconds),
      };
      const entries = screen.entries.map((other) => (other.id === device.id ? stored : other));
      const order = registry.list().map((other) => other.id);
      if (!(await save(entries, order))) return apiResult(ApiCode.GenericWriteFailed);
      const sameLogin =
        before &&
        before.url === stored.url &&
        before.user === stored.user &&
        before.password === stored.password;
      if (sameLogin) {
        device.name = name;
        // The link keeps running: its silence so far counts against the new time.
        const seconds = awaySeconds ?? sharedAway;
        device.companion.mqtt?.setAwayMs(seconds === undefined ? undefined : seconds * 1000);
      } else await registry.replace(device.id, target, name);
      log(`Device ${name} (${device.id}) changed: ${target.baseUrl}`);
      return result(ApiCodeCompanion.DeviceChanged);
    });
  });

  post('del', async (request) => {
    const data = await request.readData(DeviceDeleteRequestSchema);
    return inTurn(async () => {
      const device = screenDevice(data.id);
      const entries = screen.entries.filter((stored) => stored.id !== device.id);
      const order = registry
        .list()
        .map((other) => other.id)
        .filter((id) => id !== device.id);
      if (!(await save(entries, order))) return apiResult(ApiCode.GenericWriteFailed);
      await registry.remove(device.id);
      log(`Device ${device.name} (${device.id}) removed; its history stays`);
      return result(ApiCodeCompanion.DeviceDeleted);
    });
  });

  post('order', async (request) => {
    const data = await request.readData(DeviceOrderRequestSchema);
    return inTurn(async () => {
      const ids = registry.list().map((device) => device.id);
      const given = new Set(data.order);
      if (
        given.size !== data.order.length ||
        given.size !== ids.length ||
        ids.some((id) => !given.has(id))
      ) {
        return result(ApiCodeCompanion.DeviceOrderInvalid);
      }
      if (!(await save(screen.entries, data.order))) return apiResult(ApiCode.GenericWriteFailed);
      registry.setOrder(data.order);
      return result(ApiCodeCompanion.DeviceOrdered);
    });
  });
};

function send(reply: FastifyReply, answer: DeviceTestResult): FastifyReply {
  return reply.code(200).send(answer);
}
