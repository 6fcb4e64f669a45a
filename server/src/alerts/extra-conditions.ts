import type { FastifyInstance } from 'fastify';
import type { AlertCondition } from '@heliodtu/contract/domain/alert-rules';

/**
 * Gateway-level alert conditions from other services (the grid meter, export control): each
 * registers a source here, before or after the alerts plugin, and the evaluator of the
 * gateway's own subject asks them on every evaluation. `device` is that subject's device.
 */
export type AlertConditionSource = (now: number, device: string) => AlertCondition[];

declare module 'fastify' {
  interface FastifyInstance {
    alertConditionSources?: AlertConditionSource[];
  }
}

export function addAlertConditionSource(app: FastifyInstance, source: AlertConditionSource): void {
  if (!app.hasDecorator('alertConditionSources')) app.decorate('alertConditionSources', []);
  app.alertConditionSources?.push(source);
}

/** Every registered source's conditions, asked only for the gateway's own subject. */
export function extraConditionsOf(
  app: FastifyInstance,
  gatewayDevice: () => string | undefined,
): (now: number, device: string) => AlertCondition[] {
  return (now, device) => {
    if (device !== gatewayDevice()) return [];
    return (app.alertConditionSources ?? []).flatMap((source) => source(now, device));
  };
}
