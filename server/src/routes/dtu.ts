import type { FastifyPluginAsync } from 'fastify';
import { ApiCode } from '@heliodtu/contract/codes';
import {
  dtuSerialFromFile,
  dtuSerialToFile,
  generateDtuSerial,
  needsGeneratedDtuSerial,
} from '@heliodtu/contract/domain/dtu-serial';
import { countryDefinitions } from '@heliodtu/contract/domain/frequency';
import { DtuConfigRequestSchema, type DtuConfig } from '@heliodtu/contract/dtu';
import { CMT_CHANNEL_WIDTH_HZ } from '@heliodtu/contract/limits';
import { configuredRadios } from '@heliodtu/contract/domain/pin-mapping-file';
import { checkDtuConfig } from '@heliodtu/contract/rules/dtu-rules';
import { parseSerialHex } from '@heliodtu/contract/wire';

/** GET+POST /api/dtu/config, wire-contract §4.6; file keys of config.json `dtu` (§9). */
export const dtuRoutes: FastifyPluginAsync = async (app) => {
  // At boot a fresh config (serial 0) or the firmware's placeholder gets the serial derived
  // from the chip id, and it is saved, so it stays the same across reboots (wire-contract §6.4).
  const generated = generateDtuSerial(app.system.chipId);
  if (needsGeneratedDtuSerial(app.store.config.dtu.serial)) {
    const saved = await app.store.update((draft) => {
      draft.dtu.serial = dtuSerialToFile(parseSerialHex(generated));
    });
    app.consoleLog.write(
      saved
        ? `DTU serial generated: ${generated}`
        : `DTU serial generated (${generated}) but could not be saved`,
    );
  }

  const radios = configuredRadios(app.activePins);

  app.get('/api/dtu/config', { preHandler: app.requireAdmin }, async () => {
    const dtu = app.store.config.dtu;
    const body: DtuConfig = {
      // Should the boot-time save have failed, show the serial the radio uses anyway.
      serial: needsGeneratedDtuSerial(dtu.serial) ? generated : dtuSerialFromFile(dtu.serial),
      pollinterval: dtu.poll_interval,
      // "Radio initialised": its pins are valid in this boot's pin profile. A simulated radio
      // fault (SIM_FAULTS=radio) is a module that does not answer, which system status reports
      // as not connected, while the settings stay editable as on a device whose module came loose.
      nrf_enabled: radios.nrf,
      nrf_palevel: dtu.nrf_pa_level,
      cmt_enabled: radios.cmt,
      cmt_palevel: dtu.cmt_pa_level,
      cmt_frequency: dtu.cmt_frequency,
      cmt_country: dtu.cmt_country_mode,
      cmt_chan_width: CMT_CHANNEL_WIDTH_HZ,
      country_def: countryDefinitions(),
    };
    return body;
  });

  app.post('/api/dtu/config', { preHandler: app.requireAdmin }, async (request, reply) => {
    const data = await request.readData(DtuConfigRequestSchema);
    const checked = checkDtuConfig(data);
    if (!checked.ok) return reply.result(checked.failure.code, checked.failure.param);
    const { value } = checked;
    const saved = await app.store.update((draft) => {
      draft.dtu.serial = dtuSerialToFile(value.serialValue);
      draft.dtu.poll_interval = value.pollinterval;
      draft.dtu.nrf_pa_level = value.nrf_palevel;
      draft.dtu.cmt_pa_level = value.cmt_palevel;
      draft.dtu.cmt_frequency = value.cmt_frequency;
      draft.dtu.cmt_country_mode = value.cmt_country;
    });
    if (!saved) return reply.result(ApiCode.GenericWriteFailed);
    app.consoleLog.write('DTU settings saved');
    return reply.result(ApiCode.GenericSuccess);
  });
};
