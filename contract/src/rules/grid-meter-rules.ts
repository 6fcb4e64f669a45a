import { ApiCode } from '../codes.js';
import { isJsonPathSyntax } from '../domain/json-path.js';
import type { GridMeterConfigData } from '../grid-meter.js';
import { GRID_METER_PHASES_MAX } from '../limits.js';
import type { FieldProblem } from './field-problem.js';

/** scheme://host[:port][/path…], without spaces: the shape a meter or broker address has. */
const urlWith = (text: string, protocols: readonly string[]): boolean => {
  const match =
    /^([a-z]+:)\/\/([^\s/:?#@]+(?::[^\s/?#@]*)?@)?[A-Za-z0-9.\-[\]:]+(?::\d{1,5})?([/?#]\S*)?$/.exec(
      text,
    );
  return match !== null && protocols.includes(match[1] ?? '');
};

const problem = (field: string, message: string): FieldProblem => ({
  field,
  code: ApiCode.GenericValueMissing,
  message,
});

/**
 * Every failing check of POST /api/gridmeter/config beyond the schema's shape, in form order;
 * only the chosen source's fields are checked (the others are kept as typed), and the broker,
 * which on a companion also carries the house's topics. The route answers
 * the first; the interface checks the same before it sends. A companion needs a broker URL for
 * an MQTT meter; a simulated gateway without one reads through its own MQTT connection.
 */
export function gridMeterConfigProblems(
  data: GridMeterConfigData,
  gateway: { companion?: boolean } = {},
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (data.source === 'mqtt') {
    const topics = data.mqtt.topics;
    if (topics.length < 1 || topics.length > GRID_METER_PHASES_MAX) {
      problems.push(problem('mqtt.topics', 'Give one topic, or up to three (one per phase).'));
    }
    topics.forEach((topic, index) => {
      if (topic.trim() === '' || /[#+]/.test(topic)) {
        const line = 'A topic must be a plain topic without wildcards.';
        problems.push(problem(`mqtt.topics.${index}`, line));
      }
    });
    if (!isJsonPathSyntax(data.mqtt.json_path)) {
      problems.push(
        problem('mqtt.json_path', 'The JSON path must be names and indices joined by dots.'),
      );
    }
    // A companion's devices keep their MQTT to themselves: the meter needs HelioDTU's own broker.
    if (gateway.companion === true && data.broker.url === '') {
      problems.push(
        problem(
          'broker.url',
          'A companion reads an MQTT meter through its own broker: give its URL.',
        ),
      );
    }
  }
  if (data.source === 'http') {
    if (!urlWith(data.http.url, ['http:', 'https:'])) {
      problems.push(problem('http.url', 'The meter address must be an http:// or https:// URL.'));
    }
    if (!isJsonPathSyntax(data.http.json_path) || data.http.json_path === '') {
      problems.push(
        problem('http.json_path', 'The JSON path must be names and indices joined by dots.'),
      );
    }
    if (data.http.auth !== 'none' && data.http.username.trim() === '') {
      problems.push(problem('http.username', 'A login needs a user name.'));
    }
    if (data.stale_after_s < 2 * data.http.interval_s) {
      const line = 'A reading may be called stale no sooner than twice the poll interval.';
      problems.push(problem('stale_after_s', line));
    }
  }
  // Whatever the source: on a companion the broker also carries the house's topics.
  if (data.broker.url !== '' && !urlWith(data.broker.url, ['mqtt:', 'mqtts:'])) {
    problems.push(problem('broker.url', 'The broker address must be an mqtt:// or mqtts:// URL.'));
  }
  return problems;
}
