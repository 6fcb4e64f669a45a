import type { RadioStats } from '@heliodtu/contract/live-data';
import type { RadioKind } from '@heliodtu/contract/domain/inverter-model';
import type { Random } from './random.js';

/** RSSI before any packet was received (inverter-domain §6). */
export const RSSI_NONE = -127;

/** How one radio request ended (inverter-domain §6). */
export type RequestOutcome = 'success' | 'nothing' | 'partial' | 'corrupt';

/** The per-inverter counters of `radio_stats`, wire-contract §4.2. */
export class RadioCounters {
  tx_request = 0;
  tx_re_request = 0;
  rx_success = 0;
  rx_fail_nothing = 0;
  rx_fail_partial = 0;
  rx_fail_corrupt = 0;
  rssi = RSSI_NONE;

  /** Everything back to boot values (midnight, stats_reset, MQTT reset_rf_stats). */
  reset(): void {
    this.tx_request = 0;
    this.tx_re_request = 0;
    this.rx_success = 0;
    this.rx_fail_nothing = 0;
    this.rx_fail_partial = 0;
    this.rx_fail_corrupt = 0;
    this.rssi = RSSI_NONE;
  }

  toWire(): RadioStats {
    return {
      tx_request: this.tx_request,
      tx_re_request: this.tx_re_request,
      rx_success: this.rx_success,
      rx_fail_nothing: this.rx_fail_nothing,
      rx_fail_partial: this.rx_fail_partial,
      rx_fail_corrupt: this.rx_fail_corrupt,
      rssi: this.rssi,
    };
  }
}

/**
 * The radio path to one inverter: a seeded link quality (most links 95–99 % clean, inverter-domain
 * §6) and the RSSI rules by chip: NRF only knows "above −64 dBm" (−30) or not (−80); CMT reports
 * real dBm around a per-inverter level with ±3 dB jitter.
 */
export class RadioLink {
  private readonly loss: number;
  private readonly partial: number;
  private readonly corrupt: number;
  private readonly rssiLevel: number;
  private readonly strongChance: number;

  constructor(
    private readonly radio: RadioKind,
    private readonly rng: Random,
  ) {
    const quality = rng.next();
    this.loss = 0.005 + 0.02 * quality;
    this.partial = 0.004 + 0.015 * quality;
    this.corrupt = 0.0015 * quality;
    this.rssiLevel = Math.round(-48 - 30 * quality);
    this.strongChance = quality < 0.6 ? 0.92 : 0.25;
  }

  /**
   * Whether this answer comes with a time calibration (event 2): rare on good links, in bursts
   * on weak ones (inverter-domain §4.2).
   */
  timeCalibrationDue(): boolean {
    return this.rng.chance(this.loss > 0.018 ? 0.01 : 0.0005);
  }

  /**
   * One request and its counters: `answering` is false while the inverter sleeps, reboots or
   * listens on another frequency; then every resend stays empty.
   */
  request(counters: RadioCounters, answering: boolean): RequestOutcome {
    counters.tx_request++;
    const outcome = answering ? this.draw() : 'nothing';
    switch (outcome) {
      case 'success':
        counters.rx_success++;
        // A missing fragment fetched again still ends in success.
        if (this.rng.chance(0.05)) counters.tx_re_request += this.rng.int(1, 3);
        break;
      case 'partial':
        counters.rx_fail_partial++;
        counters.tx_re_request += 5;
        break;
      case 'corrupt':
        counters.rx_fail_corrupt++;
        break;
      case 'nothing':
        counters.rx_fail_nothing++;
        break;
    }
    if (outcome !== 'nothing') counters.rssi = this.rssi();
    return outcome;
  }

  /** Whether a command's window brings an answer (commands have one outcome per window). */
  answers(answering: boolean): boolean {
    return answering && this.rng.next() > this.loss * 3;
  }

  private draw(): RequestOutcome {
    const r = this.rng.next();
    if (r < this.loss) return 'nothing';
    if (r < this.loss + this.partial) return 'partial';
    if (r < this.loss + this.partial + this.corrupt) return 'corrupt';
    return 'success';
  }

  private rssi(): number {
    if (this.radio === 'NRF') return this.rng.chance(this.strongChance) ? -30 : -80;
    return this.rssiLevel + this.rng.int(-3, 3);
  }
}
