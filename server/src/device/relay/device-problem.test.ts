import { describe, expect, it } from 'vitest';
import { brokerTlsProblem } from './device-problem.js';

const BROKER = 'mqtts://broker.example:8883';
const failure = (code: string, message = '') => Object.assign(new Error(message), { code });

describe('brokerTlsProblem: why TLS with a broker failed, in words an owner acts on', () => {
  it('says an untrusted certificate plainly, with where to give the CA, whatever the chain looks like', () => {
    for (const code of [
      'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
      'SELF_SIGNED_CERT_IN_CHAIN',
      'DEPTH_ZERO_SELF_SIGNED_CERT',
      'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
    ]) {
      expect(brokerTlsProblem(failure(code), BROKER, { connected: false })).toEqual({
        code: 'tls',
        message:
          "the broker's certificate is not trusted (mqtts://broker.example:8883): no CA this " +
          "companion trusts signed it; give the broker's CA in DTU_MQTT_CA_FILE",
      });
    }
  });

  it('names an expired certificate and one made out to another name', () => {
    expect(
      brokerTlsProblem(failure('CERT_HAS_EXPIRED'), BROKER, { connected: false })?.message,
    ).toBe(`TLS with the broker ${BROKER} failed: its certificate has expired`);
    expect(
      brokerTlsProblem(failure('ERR_TLS_CERT_ALTNAME_INVALID'), BROKER, { connected: false })
        ?.message,
    ).toBe(`TLS with the broker ${BROKER} failed: its certificate is made out to another name`);
  });

  it('takes a reset before the broker took the connection for the handshake, only on mqtts://', () => {
    expect(brokerTlsProblem(failure('ECONNRESET'), BROKER, { connected: false })?.message).toBe(
      `the broker ${BROKER} closed the connection at the TLS handshake: is that port its TLS listener (usually 8883)?`,
    );
    // A reset of a connection the broker had taken is the network's, not TLS's.
    expect(brokerTlsProblem(failure('ECONNRESET'), BROKER, { connected: true })).toBeNull();
    expect(
      brokerTlsProblem(failure('ECONNRESET'), 'mqtt://broker.example:1883', { connected: false }),
    ).toBeNull();
    expect(brokerTlsProblem(failure('ECONNREFUSED'), BROKER, { connected: false })).toBeNull();
  });
});
