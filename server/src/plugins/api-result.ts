import fp from 'fastify-plugin';
import { API_MESSAGES, responseTypeOf, type ApiCodeValue } from '@heliodtu/contract/codes';
import type { ApiParam, ApiResult } from '@heliodtu/contract/envelope';

declare module 'fastify' {
  interface FastifyReply {
    /** Send the result envelope for `code` (HTTP 200, as the device does). */
    result(code: ApiCodeValue, param?: ApiParam): FastifyReply;
  }
}

export function apiResult(code: ApiCodeValue, param?: ApiParam): ApiResult {
  const result: ApiResult = {
    type: responseTypeOf(code),
    message: API_MESSAGES[code] ?? '',
    code,
  };
  if (param) result.param = param;
  return result;
}

export const apiResultPlugin = fp(
  async (app) => {
    app.decorateReply('result', function (code: ApiCodeValue, param?: ApiParam) {
      return this.code(code === 1007 ? 500 : 200).send(apiResult(code, param));
    });
  },
  { name: 'api-result' },
);
