import { countryDefinitions } from '@heliodtu/contract/domain/frequency';
import type { DtuConfig } from '@heliodtu/contract/dtu';

/** A GET api/dtu/config answer with the gateway defaults and both radios wired (tests only). */
export const DTU_CONFIG: DtuConfig = {
  serial: '199980112345',
  pollinterval: 5,
  nrf_enabled: true,
  nrf_palevel: 0,
  cmt_enabled: true,
  cmt_palevel: 0,
  cmt_frequency: 865_000_000,
  cmt_country: 0,
  cmt_chan_width: 250_000,
  country_def: countryDefinitions(),
};
