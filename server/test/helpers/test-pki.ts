import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface TestPki {
  dir: string;
  /** PEM texts and their files. */
  ca: { pem: string; file: string };
  otherCa: { pem: string; file: string };
  server: { certFile: string; keyFile: string };
  client: { cert: string; key: string };
  dispose(): Promise<void>;
}

/**
 * A throw-away PKI made with openssl: a CA, a server certificate for 127.0.0.1/localhost,
 * a client certificate (CN heliodtu-client) from the same CA, and an unrelated second CA.
 */
export async function createTestPki(): Promise<TestPki> {
  const dir = await mkdtemp(path.join(tmpdir(), 'heliodtu-pki-'));
  const file = (name: string) => path.join(dir, name);
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  const makeCa = (name: string, cn: string) =>
    run('openssl', [
      'req',
      '-x509',
      ...ec,
      '-days',
      '2',
      '-subj',
      `/O=HelioDTU Test/CN=${cn}`,
      '-keyout',
      file(`${name}.key`),
      '-out',
      file(`${name}.crt`),
    ]);
  const makeLeaf = async (name: string, cn: string, extensions: string) => {
    await run('openssl', [
      'req',
      ...ec,
      '-subj',
      `/O=HelioDTU Test/CN=${cn}`,
      '-keyout',
      file(`${name}.key`),
      '-out',
      file(`${name}.csr`),
    ]);
    await writeFile(file(`${name}.ext`), extensions);
    await run('openssl', [
      'x509',
      '-req',
      '-in',
      file(`${name}.csr`),
      '-CA',
      file('ca.crt'),
      '-CAkey',
      file('ca.key'),
      '-CAcreateserial',
      '-days',
      '2',
      '-extfile',
      file(`${name}.ext`),
      '-out',
      file(`${name}.crt`),
    ]);
  };
  await Promise.all([makeCa('ca', 'HelioDTU Test CA'), makeCa('other-ca', 'Unrelated CA')]);
  await makeLeaf('server', 'localhost', 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  await makeLeaf('client', 'heliodtu-client', 'extendedKeyUsage=clientAuth\n');
  const text = (name: string) => readFile(file(name), 'utf8');
  return {
    dir,
    ca: { pem: await text('ca.crt'), file: file('ca.crt') },
    otherCa: { pem: await text('other-ca.crt'), file: file('other-ca.crt') },
    server: { certFile: file('server.crt'), keyFile: file('server.key') },
    client: { cert: await text('client.crt'), key: await text('client.key') },
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}
