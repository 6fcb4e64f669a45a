// The gateway as the container test (container-test.mjs) reaches it from the host: its HTTP API
// with an admin login, and its /livedata socket.

const basic = (user, password) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** GET on the gateway; the answer's status and body (JSON when it is). */
export async function get(port, path, login) {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    headers: login ? { authorization: basic(login.user, login.password) } : {},
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  let body = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: the text
  }
  return { status: response.status, body };
}

/** How many 5-minute buckets the fleet's curve of one day (YYYY-MM-DD) has. */
export async function dayBucketCount(port, date) {
  const { status, body } = await get(port, `/api/history/day?date=${date}`);
  if (status !== 200) throw new Error(`/api/history/day answered ${status}`);
  return body.total.points.length;
}

/** POST of an OpenDTU setting: one form field `data` holding JSON. */
export async function postSetting(port, path, data, login) {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: 'POST',
    headers: {
      authorization: basic(login.user, login.password),
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ data: JSON.stringify(data) }),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: response.status, body: await response.json() };
}

/**
 * Reads /livedata (public by default) until `count` inverters were sent and the fleet produces:
 * each message carries the inverters that changed and the fleet's totals (0 W until the first
 * poll). The serials and the last message's total.
 */
export async function liveInverters(port, count) {
  const { WebSocket } = await import('ws');
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/livedata`);
    const serials = new Set();
    const timer = setTimeout(() => {
      socket.terminate();
      reject(new Error(`/livedata: ${serials.size} of ${count} inverters, no power within 30 s`));
    }, 30_000);
    socket.on('message', (data) => {
      const message = JSON.parse(String(data));
      for (const inverter of message.inverters ?? []) serials.add(inverter.serial);
      if (serials.size < count || !(message.total?.Power?.v > 0)) return;
      clearTimeout(timer);
      socket.close();
      resolve({ serials: [...serials].sort(), total: message.total });
    });
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}
