#!/usr/bin/env node
// The image's HEALTHCHECK (Containerfile): asks the gateway itself, not only whether the port is
// open. Healthy when GET /api/system/status answers within the timeout with the gateway's status,
// or with 401 (allow_readonly off: the gateway answered, with its login), or, on a companion,
// with 502–504: the gateway answered that its OpenDTU is away, which a restart would not mend.
// Exit 0 healthy, 1 not; one line either way (`podman healthcheck run`, `docker inspect`).
const TIMEOUT_MS = 4000;
const port = process.env.PORT || '8080';
const host = process.env.HOST;
// A wildcard listener is reached on loopback; a specific address only on itself.
const target = !host || host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
const url = `http://${target.includes(':') ? `[${target}]` : target}:${port}/api/system/status`;

function done(healthy, line) {
  process.stdout.write(`${healthy ? 'healthy' : 'unhealthy'}: ${line}\n`);
  process.exit(healthy ? 0 : 1);
}

try {
  const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  const body = await response.text();
  if (response.status === 200) {
    const status = JSON.parse(body);
    if (typeof status.git_hash === 'string') done(true, `gateway ${status.git_hash} answers`);
    done(false, `${url} answered 200 without the gateway's status`);
  }
  if (response.status === 401) done(true, 'gateway answers (login required)');
  if (process.env.DTU_URL && response.status >= 502 && response.status <= 504) {
    done(true, `gateway answers; its OpenDTU device is away (${response.status})`);
  }
  done(false, `${url} answered ${response.status}`);
} catch (error) {
  done(false, `${url}: ${error.cause?.code ?? error.message}`);
}
