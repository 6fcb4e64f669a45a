import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { ApiCode } from '@heliodtu/contract/codes';
import { DeviceConfigRequestSchema, type DeviceConfig } from '@heliodtu/contract/device';
import { LED_COUNT, PIN_MAPPING_FILE } from '@heliodtu/contract/limits';
import {
  DEFAULT_PIN_PROFILE,
  findPinProfile,
  parsePinMappingFile,
  type PinProfile,
} from '@heliodtu/contract/pin-mapping';
import { checkDeviceConfig, postedPinMappingName } from '../rules/device-rules.js';

/**
 * The pins this boot runs with: the pin_mapping.json profile named in the config, else the
 * built-in pins. Read once per boot, as the device does, so after choosing another profile
 * the interface's selected-versus-active table shows the difference until the next reboot
 * (wire-contract §4.7: a profile change needs a manual reboot at this tag).
 */
async function loadActivePins(
  dataDir: string,
  name: string,
  log: (line: string) => void,
): Promise<PinProfile> {
  let text: string;
  try {
    text = await readFile(path.join(dataDir, PIN_MAPPING_FILE), 'utf8');
  } catch {
    return DEFAULT_PIN_PROFILE;
  }
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    log(`${PIN_MAPPING_FILE} is no valid JSON, using the built-in pins`);
    return DEFAULT_PIN_PROFILE;
  }
  const entry = findPinProfile(parsePinMappingFile(json), name);
  if (!entry) return DEFAULT_PIN_PROFILE;
  log(`Pin mapping "${name}" selected`);
  const { links: _links, ...pins } = entry;
  return pins;
}

/** GET+POST /api/device/config, wire-contract §4.7; file keys of config.json `device` (§9). */
export const deviceRoutes: FastifyPluginAsync = async (app) => {
  const activePins = await loadActivePins(
    app.store.dataDir,
    app.store.config.device.pinmapping,
    (line) => app.consoleLog.write(line),
  );

  app.get('/api/device/config', { preHandler: app.requireAdmin }, async () => {
    const device = app.store.config.device;
    const body: DeviceConfig = {
      curPin: { ...structuredClone(activePins), name: device.pinmapping },
      display: {
        rotation: device.display.rotation,
        power_safe: device.display.powersafe,
        screensaver: device.display.screensaver,
        contrast: device.display.contrast,
        locale: device.display.locale,
        diagramduration: device.display.diagram_duration,
        diagrammode: device.display.diagram_mode,
      },
      led: device.led.slice(0, LED_COUNT).map((led) => ({ brightness: led.brightness })),
    };
    return body;
  });

  app.post('/api/device/config', { preHandler: app.requireAdmin }, async (request, reply) => {
    const data = await request.readData(DeviceConfigRequestSchema);
    const failure = checkDeviceConfig(data);
    if (failure) return reply.result(failure.code, failure.param);
    const display = data.display ?? {};
    const saved = await app.store.update((draft) => {
      const target = draft.device.display;
      draft.device.pinmapping = postedPinMappingName(data);
      if (display.rotation !== undefined) target.rotation = display.rotation;
      if (display.power_safe !== undefined) target.powersafe = display.power_safe;
      if (display.screensaver !== undefined) target.screensaver = display.screensaver;
      if (display.contrast !== undefined) target.contrast = display.contrast;
      if (display.locale !== undefined) target.locale = display.locale;
      if (display.diagramduration !== undefined) {
        target.diagram_duration = display.diagramduration;
      }
      if (display.diagrammode !== undefined) target.diagram_mode = display.diagrammode;
      (data.led ?? []).slice(0, LED_COUNT).forEach((led, index) => {
        const slot = draft.device.led[index];
        if (slot && led.brightness !== undefined) slot.brightness = led.brightness;
      });
    });
    return reply.result(saved ? ApiCode.GenericSuccess : ApiCode.GenericWriteFailed);
  });
};
