import {
  liveDataMessageFixture,
  liveDataStatusFixture,
} from '@heliodtu/contract/fixtures/live-data';

/** The full object of the first inverter (the HM-800 "Balcony") from the socket fixture. */
export const fullInverter = liveDataMessageFixture.inverters[0]!;

/** The status fixture with only its first inverter, so the page shows no tab choice. */
export const oneInverterStatus = {
  ...liveDataStatusFixture,
  inverters: [liveDataStatusFixture.inverters[0]],
};

/** A /livedata socket message for the first inverter with `changes` applied. */
export const liveMessage = (changes: object = {}) => ({
  ...liveDataMessageFixture,
  inverters: [{ ...fullInverter, ...changes }],
});
