// The grid meter bench/export-control.mjs gives export control.
import { EventEmitter } from 'node:events';

/** A grid meter over the house: a reading a second, never stale (the bench's meter works). */
export class HouseMeter extends EventEmitter {
  reading = null;
  configured() {
    return true;
  }
  state() {
    return this.reading ? 'ok' : 'stale';
  }
  usable() {
    return this.reading;
  }
}
