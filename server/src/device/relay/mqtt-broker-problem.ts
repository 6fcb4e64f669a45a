import { brokerTlsProblem, type DeviceProblem } from './device-problem.js';

/**
 * CONNACK codes of a refused login: MQTT 3.1.1's bad user name or password (4) and not
 * authorised (5), MQTT 5's (134, 135).
 */
const LOGIN_REFUSED = new Set<number | string>([4, 5, 134, 135]);

export interface BrokerProblemContext {
  /** The broker's address as the owner wrote it. */
  broker: string;
  /** Whether a password was sent: a refused login is then a wrong one, else a missing one. */
  hasPassword: boolean;
  /** What the owner should check when the login is refused, said in brackets. */
  loginAdvice: string;
  /** Whether the broker had taken this connection (a reset before it did is TLS's handshake). */
  connected: boolean;
  /** The problem when the error tells nothing more (its caller knows what that means). */
  otherwise: DeviceProblem;
}

/** Why a broker connection failed, in words an owner acts on (never the login). */
export function brokerConnectionProblem(
  error: Error | undefined,
  { broker, hasPassword, loginAdvice, connected, otherwise }: BrokerProblemContext,
): DeviceProblem {
  const code = (error as { code?: number | string } | undefined)?.code;
  if (code !== undefined && LOGIN_REFUSED.has(code)) {
    return {
      code: hasPassword ? 'wrong-password' : 'password-needed',
      message: `the broker ${broker} refused the login (${loginAdvice})`,
    };
  }
  if (code === 'ECONNREFUSED') {
    return { code: 'refused', message: `the broker ${broker} refused the connection` };
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return { code: 'dns', message: `the broker's name in ${broker} is not known` };
  }
  return (error && brokerTlsProblem(error, broker, { connected })) ?? otherwise;
}
