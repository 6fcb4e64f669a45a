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
