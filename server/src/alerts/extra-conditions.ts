import type { FastifyInstance } from 'fastify';
import type { AlertCondition } from '@heliodtu/contract/domain/alert-rules';

/**
 * Alert conditions of other services (the grid meter, export control): each registers a source
 * here, before or after the alerts plugin. A condition names its own device in its subject
 * (export control's inverters sit on several devices); each device's evaluator takes its own.
 * `gatewayDevice` is the device gateway-level conditions (the meter's) belong to.
 */
export type AlertConditionSource = (
  now: number,
  gatewayDevice: string,
) => readonly AlertCondition[];

declare module 'fastify' {
  interface FastifyInstance {
    alertConditionSources?: AlertConditionSource[];
  }
}

export function addAlertConditionSource(app: FastifyInstance, source: AlertConditionSource): void {
  if (!app.hasDecorator('alertConditionSources')) app.decorate('alertConditionSources', []);
  app.alertConditionSources?.push(source);
}

/** The conditions of `device` among every source's; a source that throws raises nothing. */
export function extraConditionsOf(
  sources: () => readonly AlertConditionSource[],
  gatewayDevice: () => string | undefined,
  log: (line: string) => void,
): (now: number, device: string) => AlertCondition[] {
  return (now, device) => {
    const own = gatewayDevice() ?? device;
    return sources()
      .flatMap((source) => {
        try {
          return [...source(now, own)];
        } catch (error) {
          log(`Alerts: a condition source failed: ${(error as Error).message}`);
          return [];
        }
      })
      .filter((condition) => condition.subject.device === device);
  };
}
