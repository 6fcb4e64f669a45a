import { X509Certificate } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { rootCertificates } from 'node:tls';
import { DeviceTargetError, fileProblem } from './device-target.js';

/** Far more than any bundle of CA certificates: a wrong file, not CAs. */
const CA_FILE_MAX_BYTES = 1024 * 1024;
const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/**
 * The CA certificates of DTU_MQTT_CA_FILE (PEM, one or several): an owner's own Mosquitto CA,
 * which mqtts:// brokers' certificates may chain to beside the system's CAs. Read at each boot,
 * like a password file. Throws a DeviceTargetError naming the variable and the file when it is
 * missing, unreadable or holds no certificate Node can read, so the start stops on it.
 */
export async function readBrokerCaFile(file: string): Promise<string[]> {
  const where = `DTU_MQTT_CA_FILE ${file}`;
  let text: string;
  try {
    const bytes = await readFile(file);
    if (bytes.length > CA_FILE_MAX_BYTES) {
      throw new DeviceTargetError(`${where} is over 1 MiB: not CA certificates`);
    }
    text = bytes.toString('utf8');
  } catch (error) {
    if (error instanceof DeviceTargetError) throw error;
    throw new DeviceTargetError(`${where}: ${fileProblem(error)}`);
  }
  const certificates = text.match(PEM_CERTIFICATE) ?? [];
  if (certificates.length === 0) {
    throw new DeviceTargetError(
      `${where} holds no certificate (PEM text from -----BEGIN CERTIFICATE-----)`,
    );
  }
  certificates.forEach((pem, index) => {
    try {
      new X509Certificate(pem);
    } catch {
      throw new DeviceTargetError(`${where}: certificate ${index + 1} cannot be read`);
    }
  });
  return certificates;
}

/**
 * mqtt.js's TLS options for a device's broker: with the owner's CAs, those and the system's
 * (Node's `ca` replaces its trust store, so the public CAs go along); none for mqtt:// or
 * without them. Never anything that turns verification off, and never plain MQTT instead.
 */
export function brokerTlsOptions(
  broker: string,
  ownCa: readonly string[] | undefined,
): { ca?: string[] } {
  if (!broker.startsWith('mqtts:') || !ownCa?.length) return {};
  return { ca: [...rootCertificates, ...ownCa] };
}
