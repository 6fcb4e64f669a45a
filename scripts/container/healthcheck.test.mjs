// The image's health check (healthcheck.mjs) against a real HTTP server on 127.0.0.1 that
// answers as the gateway would, or not: `node --test scripts/container/healthcheck.test.mjs`.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { after, before, test } from 'node:test';

const script = path.join(import.meta.dirname, 'healthcheck.mjs');
let answer = { status: 200, body: '{}' };
const server = http.createServer((request, response) => {
  if (request.url !== '/api/system/status') answer = { status: 404, body: 'wrong path' };
  response.writeHead(answer.status, { 'content-type': 'application/json' });
  response.end(answer.body);
});
let port;
before(async () => {
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = server.address().port;
});
after(() => server.close());

/** Runs the health check against `port`; its exit code and line. */
function healthcheck(env, onPort = port) {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [script],
      { env: { PATH: process.env.PATH, HOST: '0.0.0.0', PORT: String(onPort), ...env } },
      (error, stdout) => resolve({ code: error ? error.code : 0, line: stdout.trim() }),
    );
  });
}

test('healthy when the gateway answers its status', async () => {
  answer = { status: 200, body: JSON.stringify({ git_hash: 'v24.11.7', hostname: 'OpenDTU' }) };
  assert.deepEqual(await healthcheck({}), { code: 0, line: 'healthy: gateway v24.11.7 answers' });
});

test('unhealthy when something else answers 200 on the port', async () => {
  answer = { status: 200, body: '{"hello":"world"}' };
  assert.equal((await healthcheck({})).code, 1);
});

test('healthy when the gateway asks for its login (allow_readonly off)', async () => {
  answer = { status: 401, body: '' };
  assert.equal((await healthcheck({})).code, 0);
});

test('a companion whose device is away is healthy; a gateway answering 503 is not', async () => {
  answer = { status: 503, body: '{"code":"unreachable"}' };
  const companion = await healthcheck({ DTU_URL: 'http://192.168.1.50' });
  assert.equal(companion.code, 0);
  assert.match(companion.line, /OpenDTU device is away \(503\)/);
  assert.equal((await healthcheck({})).code, 1);
});

test('unhealthy when the gateway answers 500', async () => {
  answer = { status: 500, body: '{}' };
  assert.deepEqual(await healthcheck({ DTU_URL: 'http://192.168.1.50' }), {
    code: 1,
    line: `unhealthy: http://127.0.0.1:${port}/api/system/status answered 500`,
  });
});

test('unhealthy when nothing listens', async () => {
  const closed = http.createServer();
  await new Promise((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const free = closed.address().port;
  await new Promise((resolve) => closed.close(resolve));
  const result = await healthcheck({}, free);
  assert.equal(result.code, 1);
  assert.match(result.line, /ECONNREFUSED/);
});
