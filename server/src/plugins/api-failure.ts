import type { ApiCodeValue } from '@heliodtu/contract/codes';
import type { ApiParam } from '@heliodtu/contract/envelope';

/** Thrown by routes and rules; the error handler answers it as the result envelope. */
export class ApiFailure extends Error {
  constructor(
    readonly apiCode: ApiCodeValue,
    readonly param?: ApiParam,
  ) {
    super(`API result ${apiCode}`);
  }
}
