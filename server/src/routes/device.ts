import type { FastifyPluginAsync } from 'fastify';
import { ApiCode } from '@heliodtu/contract/codes';
import { DeviceConfigRequestSchema, type DeviceConfig } from '@heliodtu/contract/device';
import { LED_COUNT } from '@heliodtu/contract/limits';
import { checkDeviceConfig, postedPinMappingName } from '@heliodtu/contract/rules/device-rules';

/** GET+POST /api/device/config, wire-contract §4.7; file keys of config.json `device` (§9). */
export const deviceRoutes: FastifyPluginAsync = async (app) => {
  // Resolved once per boot by the device plugin (device/active-pins.ts).
  const activePins = app.activePins;

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
    if (!saved) return reply.result(ApiCode.GenericWriteFailed);
    app.consoleLog.write('Device settings saved');
    return reply.result(ApiCode.GenericSuccess);
  });
};
