import { http, HttpResponse, type JsonBodyType } from 'msw';

/** Answers POSTs to `path` with `answer` and keeps each posted `data` object, parsed. */
export function recordPosts(path: string, answer: JsonBodyType) {
  const received: unknown[] = [];
  const handler = http.post(`*/${path}`, async ({ request }) => {
    received.push(JSON.parse(String((await request.formData()).get('data'))));
    return HttpResponse.json(answer);
  });
  return { handler, received };
}

/** Answers GETs to `path` with `body` (a settings area's config, a status). */
export function answerGet(path: string, body: JsonBodyType) {
  return http.get(`*/${path}`, () => HttpResponse.json(body));
}

export const SAVED = { type: 'success', message: 'Settings saved!', code: 1001 } as const;

/** GET api/system/status of a device of each firmware generation (the fields that tell them apart). */
export const SYSTEM_STATUS_OF = {
  v24: { git_hash: 'v24.11.7', git_is_hash: false, pioenv: 'generic_esp32', uptime: 3600 },
  v26: {
    git_hash: 'v26.3.30',
    git_is_hash: false,
    git_branch: 'master',
    pioenv: 'generic_esp32',
    uptime: 3600,
  },
} as const;

/** Answers GET api/system/status as a device of `generation`. */
export function firmwareStatus(generation: keyof typeof SYSTEM_STATUS_OF) {
  return answerGet('api/system/status', SYSTEM_STATUS_OF[generation]);
}
