import type { Inverter } from '@heliodtu/contract/inverter';
import { http, HttpResponse } from 'msw';

const channel = (name: string, max_power = 400) => ({ name, max_power, yield_total_offset: 0 });

/** Two inverters, listed in slot order while `order` says Garage first (the page sorts). */
export const BALCONY: Inverter = {
  id: 0,
  name: 'Balcony',
  order: 1,
  serial: '114182352592',
  poll_enable: true,
  poll_enable_night: false,
  command_enable: true,
  command_enable_night: true,
  reachable_threshold: 2,
  zero_runtime: false,
  zero_day: false,
  clear_eventlog: false,
  yieldday_correction: false,
  type: 'HM-600/700/800-2T',
  channel: [channel('Left'), channel('Right')],
};

export const GARAGE: Inverter = {
  ...BALCONY,
  id: 1,
  name: 'Garage roof',
  order: 0,
  serial: '1164a113c7e2',
  poll_enable_night: true,
  command_enable: false,
  command_enable_night: false,
  type: 'HMS-1600/1800/2000-4T',
  channel: [channel('East 1'), channel('East 2'), channel('West 1'), channel('West 2')],
};

/** Answers the list with `inverters` and counts how often it was asked. */
export function answerList(inverters: readonly Inverter[] = [BALCONY, GARAGE]) {
  const calls = { count: 0 };
  const handler = http.get('*/api/inverter/list', () => {
    calls.count += 1;
    return HttpResponse.json({ inverter: inverters });
  });
  return { handler, calls };
}
