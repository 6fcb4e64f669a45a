// Helpers of the container test (container-test.mjs): Podman as a child process, whether it can
// run here, a free loopback port, polling.
import { execFile, spawnSync } from 'node:child_process';
import net from 'node:net';

/**
 * Runs `podman …`; resolves with its stdout, rejects with its stderr (Podman's complaints about
 * the missing systemd, which only schedules health checks, left out).
 */
export function podman(args, { timeoutMs = 120_000 } = {}) {
  return new Promise((resolve, reject) => {
    execFile(
      'podman',
      args,
      { timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout.trim());
        const said = stderr
          .split('\n')
          .filter((line) => line && !line.includes('systemd'))
          .join('\n');
        reject(new Error(`podman ${args.slice(0, 3).join(' ')} …: ${said || error.message}`));
      },
    );
  });
}

/** `podman …` that may fail (cleanup): never throws. */
export const podmanQuiet = (args) => podman(args, { timeoutMs: 60_000 }).catch(() => '');

/** Why Podman cannot run here, or null: the only reason the container test is skipped. */
export function whyNoPodman() {
  if (process.platform !== 'linux') return `Podman runs on Linux, this is ${process.platform}`;
  if (spawnSync('podman', ['--version']).status === 0) return null;
  const root = process.getuid?.() === 0 || spawnSync('sudo', ['-n', 'true']).status === 0;
  const apt = spawnSync('apt-get', ['--version']).status === 0;
  return root && apt ? null : 'Podman is not installed, and installing it needs apt-get and root';
}

/** An image's size in bytes, as `podman images` counts it (its base included). */
export const imageBytes = async (name) =>
  Number(await podman(['image', 'inspect', '--format', '{{.Size}}', name]));

/** A port free on 127.0.0.1 now (the kernel's pick). */
export function freeLocalPort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Calls `attempt` until it returns a truthy value; the last error or `what` after the limit. */
export async function waitFor(what, attempt, { limitMs = 60_000, everyMs = 500 } = {}) {
  const until = Date.now() + limitMs;
  let last;
  while (Date.now() < until) {
    try {
      const value = await attempt();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    await sleep(everyMs);
  }
  throw new Error(`${what}: not within ${limitMs / 1000} s${last ? ` (${last.message})` : ''}`);
}

/** `podman healthcheck run` (no systemd here schedules it) until healthy; the ms it took. */
export async function waitHealthy(name) {
  const started = Date.now();
  await waitFor(`${name} healthy`, () =>
    podman(['healthcheck', 'run', name], { timeoutMs: 15_000 }).then(() => true),
  );
  return Date.now() - started;
}

const lines = (text) => text.split('\n').filter(Boolean);

/** Every volume's name (anonymous ones are named by a hash). */
export const volumeNames = async () => new Set(lines(await podman(['volume', 'ls', '--quiet'])));

/**
 * What a test run left: containers and networks named with its prefix, volumes that were not
 * there before it (anonymous ones included), its secret and its image.
 */
export async function leftBehind({ prefix, image, volumesBefore }) {
  const named = (kind) => podman([kind, 'ls', '--quiet', '--filter', `name=${prefix}`]);
  const secrets = await podman(['secret', 'ls', '--format', '{{.Name}}']);
  return [
    ...lines(await podman(['ps', '--all', '--quiet', '--filter', `name=${prefix}`])),
    ...lines(await named('network')),
    ...[...(await volumeNames())].filter((name) => !volumesBefore.has(name)),
    ...lines(secrets).filter((name) => name.startsWith(prefix)),
    // `image exists` exits 1 when it does not.
    ...(await podman(['image', 'exists', image]).then(
      () => [image],
      () => [],
    )),
  ];
}

/**
 * The build's stages stay as untagged images: the layer cache of the next run. Those of earlier
 * builds (labelled org.heliodtu.stage in the Containerfile) that this build no longer uses are
 * removed, so that a machine running the test again and again does not fill up.
 */
export async function removeStaleStages(buildOutput) {
  if (!buildOutput) return;
  const used = (buildOutput.match(/^--> [0-9a-f]{11,}$/gm) ?? []).map((line) => line.slice(4));
  const stages = await podmanQuiet([
    ...['images', '--quiet', '--filter', 'dangling=true'],
    ...['--filter', 'label=org.heliodtu.stage'],
  ]);
  const stale = lines(stages).filter(
    (id) => !used.some((own) => own.startsWith(id) || id.startsWith(own)),
  );
  if (stale.length > 0) await podmanQuiet(['rmi', ...stale]);
}
