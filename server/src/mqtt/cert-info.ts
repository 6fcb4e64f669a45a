import { X509Certificate } from 'node:crypto';

const pad = (n: number) => String(n).padStart(2, '0');

function formatDate(text: string): string {
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) return text;
  return (
    `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`
  );
}

// Node lists the name parts one per line; the device shows them comma-separated on one line.
const oneLine = (name: string) => name.split('\n').join(', ');

function keyLine(cert: X509Certificate): string | undefined {
  const key = cert.publicKey;
  const details = key.asymmetricKeyDetails;
  if (key.asymmetricKeyType === 'rsa' && details?.modulusLength) {
    return `RSA key size      : ${details.modulusLength} bits`;
  }
  if (key.asymmetricKeyType === 'ec' && details?.namedCurve) {
    return `EC key            : ${details.namedCurve}`;
  }
  return undefined;
}

/**
 * The multi-line X.509 summary of mqtt_root_ca_cert_info / mqtt_client_cert_info
 * (wire-contract §4.10): serial, issuer, subject and validity of the first certificate
 * in the PEM text; '' when there is none or it cannot be parsed.
 */
export function certificateInfo(pem: string): string {
  if (pem.trim() === '') return '';
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(pem);
  } catch {
    return '';
  }
  const serial = cert.serialNumber.match(/.{1,2}/g)?.join(':') ?? cert.serialNumber;
  const lines = [
    `serial number     : ${serial}`,
    `issuer name       : ${oneLine(cert.issuer)}`,
    `subject name      : ${oneLine(cert.subject)}`,
    `issued  on        : ${formatDate(cert.validFrom)}`,
    `expires on        : ${formatDate(cert.validTo)}`,
    keyLine(cert),
    `basic constraints : CA=${cert.ca ? 'true' : 'false'}`,
  ];
  return lines.filter((line) => line !== undefined).join('\n') + '\n';
}
