import type { ServedRequest } from '../emulator/http/served-request.js';
import type { LogFormat } from './args.js';

/**
 * One line of the CLI's request log (`--log`), or `undefined` for `off`. `json`: one object per
 * line with `time`, `method`, `path`, `status` (`null`: the connection was cut by a fault rule),
 * `durationMs`, `correlationId`, `projectKey`. `pretty`: the same, aligned for a person.
 *
 * @example
 * requestLogLine('pretty', { method: 'GET', path: '/p/stores', status: 200, durationMs: 2.1, correlationId: 'c-1', projectKey: 'p' }, new Date(0));
 * // '00:00:00.000 GET    /p/stores 200 2.1ms p c-1'
 */
export function requestLogLine(format: LogFormat, served: ServedRequest, at: Date): string | undefined {
  if (format === 'off') return undefined;
  if (format === 'json') return JSON.stringify({ time: at.toISOString(), ...served, status: served.status });
  const status = served.status === null ? 'cut' : String(served.status);
  const fields = [at.toISOString().slice(11, 23), served.method.padEnd(6), served.path, status, `${served.durationMs}ms`];
  return [...fields, served.projectKey ?? '-', served.correlationId ?? '-'].join(' ');
}
