// Every request of a page through the DevTools protocol, for a bench's waterfall: when it
// started and ended, its bytes on the wire, and whether a cache served it.

/** The waterfall's short name: the path under `base`, asset hashes dropped. */
function shortName(full, base) {
  const name = full.startsWith(base) ? full.slice(base.length) || '/' : full;
  return name.replace(/^assets\//, '').replace(/-[\w-]{8}\.(js|css)$/, '.$1');
}

/** Listens on `cdp` (Network enabled) until `stop()`. */
export function recordRequests(cdp) {
  const requests = new Map();
  const onSent = (e) => {
    if (e.request.url.startsWith('data:')) return;
    requests.set(e.requestId, { url: e.request.url, start: e.timestamp, bytes: 0, cached: false });
  };
  const onResponse = (e) => {
    const r = requests.get(e.requestId);
    if (r) {
      r.status = e.response.status;
      r.cached =
        e.response.fromDiskCache || e.response.fromMemoryCache || e.response.status === 304;
    }
  };
  const onCache = (e) => {
    const r = requests.get(e.requestId);
    if (r) r.cached = true;
  };
  // The bytes on the wire (headers and body, compressed) are known once the body is complete.
  const onDone = (e) => {
    const r = requests.get(e.requestId);
    if (r) Object.assign(r, { end: e.timestamp, bytes: e.encodedDataLength });
  };
  const onFailed = (e) => {
    const r = requests.get(e.requestId);
    if (r) Object.assign(r, { end: e.timestamp, failed: e.errorText });
  };
  const listeners = {
    'Network.requestWillBeSent': onSent,
    'Network.responseReceived': onResponse,
    'Network.requestServedFromCache': onCache,
    'Network.loadingFinished': onDone,
    'Network.loadingFailed': onFailed,
  };
  for (const [event, listener] of Object.entries(listeners)) cdp.on(event, listener);
  return {
    /**
     * The requests started so far (WebSockets aside), each awaited to its end for up to
     * `waitMs`: the waterfall (ms from the first request's start, names relative to `base`)
     * and the bytes on the wire of them all.
     */
    async settled(base, waitMs) {
      const list = [...requests.values()].filter((r) => !r.url.startsWith('ws'));
      const deadline = Date.now() + waitMs;
      while (list.some((r) => r.end === undefined) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const t0 = Math.min(...list.map((r) => r.start));
      const waterfall = list
        .map((r) => ({
          name: shortName(r.url, base),
          start: (r.start - t0) * 1000,
          end: r.end === undefined ? undefined : (r.end - t0) * 1000,
          bytes: r.bytes,
          status: r.status,
          failed: r.failed,
          // Served from the memory or disk cache (a finished request with no bytes on the wire;
          // Chromium flags memory-cache hits on no event).
          cached: r.cached || (r.end !== undefined && r.bytes === 0 && !r.failed),
        }))
        .sort((a, b) => a.start - b.start);
      return { waterfall, bytes: list.reduce((sum, r) => sum + r.bytes, 0) };
    },
    stop() {
      for (const [event, listener] of Object.entries(listeners)) cdp.off(event, listener);
    },
  };
}
