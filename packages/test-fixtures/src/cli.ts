#!/usr/bin/env node
/**
 * `commerce-emulator` / `pnpm emulator`: serves the emulator on a loopback port and prints its
 * base URLs, its GraphQL endpoints, the bootstrap client's credentials and how to act as the
 * admin console.
 *
 * @example
 * ```sh
 * pnpm emulator --port 8080 --project my-project --history-offering basic
 * pnpm emulator --cors-origin http://localhost:5173   # only this browser origin (default: any)
 * npx commerce-emulator --port 0   # any free port
 * ```
 */
import { parseArgs } from 'node:util';
import { ADMIN_CONSOLE_CLIENT_ID, ADMIN_USER_HEADER, adminConsole, DEFAULT_ADMIN_USER } from './emulator/auth/admin-console.js';
import { ManualClock } from './emulator/clock.js';
import { clockState, parseInstant } from './emulator/control/clock-control.js';
import { CONTROL_PREFIX } from './emulator/control/prefix.js';
import { checkCorsOrigin, type EmulatorOptions } from './emulator/options.js';
import { createEmulator } from './emulator/app.js';
import { serveEmulator, type RunningEmulator } from './emulator/server.js';
import { stopWhenOrphaned } from './parent-watch.js';
import { readStateFile, writeStateFile } from './state-file.js';

const usage = `Usage: commerce-emulator [--port 8080] [--host 127.0.0.1] [--project demo-project] [--client-id ID] [--client-secret SECRET]
            [--history-offering premium|basic] [--cors-origin ORIGIN ... | --no-cors] [--manual-clock START]
            [--no-control] [--state-file PATH] [--stop-on-stdin-end]
  --port              port to listen on; 0 picks a free one (default: $COMMERCE_EMULATOR_PORT, else 8080)
  --host              address to bind (default 127.0.0.1: loopback only)
  --project           project key (default demo-project); repeat it to serve several isolated
                      projects: the first has the bootstrap client below, each other one its own
  --client-id         id of the bootstrap API client (default: random)
  --client-secret     secret of the bootstrap API client (default: random)
  --history-offering  premium (default): the Change History records every change;
                      basic: only changes made through the admin console
  --cors-origin       CORS only for this browser origin (scheme://host[:port], e.g.
                      http://localhost:5173); repeat it for several. Default: any origin
                      (Access-Control-Allow-Origin: *)
  --no-cors           no CORS headers at all (browser apps on another origin are blocked)
  --manual-clock      a clock that moves only when told (POST /_emulator/clock), starting at START:
                      now, or an ISO 8601 instant with a zone (2026-03-01T09:00:00Z)
  --no-control        no control API at /_emulator (reset, fault rules, clock, state, health)
  --state-file        keep the data across restarts: read PATH (a snapshot as GET /_emulator/state
                      gives it) at start if it exists, write it there when stopping; pass
                      --client-id and --client-secret to keep the same bootstrap client too
  --stop-on-stdin-end stop when standard input ends: a test harness (any language) that starts
                      the emulator with a pipe as its stdin stops it by closing the pipe, and
                      the emulator stops by itself when the harness dies`;

/** Extracts `access_token` from a token answer in a shell pipeline, without jq. */
const ACCESS_TOKEN = `sed -E 's/.*"access_token":"([^"]+)".*/\\1/'`;

/** What the CLI prints once the server listens. No secret but the bootstrap client's own. */
function banner(server: RunningEmulator, offering: 'premium' | 'basic', stateLine: string): string {
  const { emulator, origin, urls } = server;
  const { cors } = emulator.context.options;
  const project = emulator.projectKey;
  const { clientId, clientSecret, scope } = emulator.credentials;
  const tokenRequest = (id: string) =>
    `curl -s -u '${id}:${clientSecret}' -d grant_type=client_credentials ${urls.auth}/oauth/token | ${ACCESS_TOKEN}`;
  const width = Math.max(urls.api.length, urls.auth.length, urls.history.length) + 2;
  const base = (url: string) => url.padEnd(width);
  const recorded =
    offering === 'premium'
      ? 'premium: changes made by API clients and through the admin console are recorded'
      : 'basic: only changes made through the admin console are recorded';
  const browsers =
    cors === false
      ? 'off (--no-cors): browser apps on another origin are blocked'
      : cors.origins === '*'
        ? 'any origin (Access-Control-Allow-Origin: *)'
        : `only ${cors.origins.join(', ')}`;
  const control = `${origin}${CONTROL_PREFIX}`;
  const clock = clockState(emulator.context.options.clock);
  const controlLines = emulator.context.options.control
    ? `control API (HTTP Basic with the bootstrap client's id and secret):
  curl -s ${control}/health                                   # readiness, no credentials
  curl -s -u '${clientId}:${clientSecret}' -X POST ${control}/reset          # empty the project
  curl -s -u '${clientId}:${clientSecret}' -d '{"kind":"error","status":503,"times":1}' ${control}/faults
  curl -s -u '${clientId}:${clientSecret}' -X DELETE ${control}/faults       # remove every fault rule${
    clock.manual ? `
  curl -s -u '${clientId}:${clientSecret}' -d '{"advanceMs":172800000}' ${control}/clock  # 48 h later` : ''
  }`
    : 'control API: off (--no-control).';
  return `commerce emulator for project '${project}' listening on ${origin}
base URLs (the baseUrl / authUrl options of the clients):
  API       ${base(urls.api)}REST under /${project}, e.g. ${urls.api}/${project}/product-selections
  auth      ${base(urls.auth)}token endpoint ${urls.auth}/oauth/token
  history   ${base(urls.history)}Change History under /${project}, e.g. ${urls.history}/${project}/product-selection
GraphQL endpoints (POST JSON { query, variables? } with a bearer token):
  commerce  ${urls.api}/${project}/graphql
  history   ${urls.history}/${project}/graphql
bootstrap API client (scope ${scope}):
  client id      ${clientId}
  client secret  ${clientSecret}
${emulator
  .projectKeys()
  .slice(1)
  .map((key) => {
    const { clientId: id, clientSecret: secret } = emulator.project(key).credentials;
    return `project '${key}' (REST under /${key}), its own bootstrap API client:\n  client id      ${id}\n  client secret  ${secret}\n`;
  })
  .join('')}Change History offering ${recorded}.
CORS for browser apps: ${browsers}.
${stateLine}
clock: ${clock.manual ? `manual, at ${clock.now}; it moves only through POST ${CONTROL_PREFIX}/clock` : 'the wall clock'}.
${controlLines}
admin console: a write made with a token of the API client '${ADMIN_CONSOLE_CLIENT_ID}' (scope ${scope};
  client secret: the bootstrap client's secret above) is an admin console change, made by the user named in
  the ${ADMIN_USER_HEADER} header (default ${DEFAULT_ADMIN_USER}).
try:
  TOKEN=$(${tokenRequest(clientId)})
  curl -s -H "Authorization: Bearer $TOKEN" ${urls.api}/${project}/product-selections
  curl -s -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' -d '{"query":"{ productSelections { total } }"}' ${urls.api}/${project}/graphql
  ADMIN=$(${tokenRequest(ADMIN_CONSOLE_CLIENT_ID)})
  curl -s -H "Authorization: Bearer $ADMIN" -H '${ADMIN_USER_HEADER}: jen' -H 'Content-Type: application/json' -d '{"name":{"en":"Summer"}}' ${urls.api}/${project}/product-selections
  curl -s -H "Authorization: Bearer $TOKEN" '${urls.history}/${project}/product-selection?source=AdminConsole&userId=jen'`;
}

function main(): Promise<void> | void {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string', default: process.env['COMMERCE_EMULATOR_PORT'] ?? '8080' },
        host: { type: 'string', default: '127.0.0.1' },
        project: { type: 'string', multiple: true, default: ['demo-project'] },
        'client-id': { type: 'string' },
        'client-secret': { type: 'string' },
        'history-offering': { type: 'string', default: 'premium' },
        'cors-origin': { type: 'string', multiple: true },
        'no-cors': { type: 'boolean' },
        'manual-clock': { type: 'string' },
        'no-control': { type: 'boolean' },
        'state-file': { type: 'string' },
        'stop-on-stdin-end': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(usage);
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`--port must be an integer from 0 to 65535\n${usage}`);
    process.exit(2);
  }
  const offering = values['history-offering'];
  if (offering !== 'premium' && offering !== 'basic') {
    console.error(`--history-offering must be premium or basic\n${usage}`);
    process.exit(2);
  }
  if (values['client-id'] === ADMIN_CONSOLE_CLIENT_ID) {
    console.error(`--client-id ${ADMIN_CONSOLE_CLIENT_ID} is reserved for the admin console\n${usage}`);
    process.exit(2);
  }
  const corsOrigins = values['cors-origin'] ?? [];
  if (values['no-cors'] && corsOrigins.length > 0) {
    console.error(`--no-cors and --cors-origin exclude each other\n${usage}`);
    process.exit(2);
  }
  try {
    corsOrigins.forEach(checkCorsOrigin);
  } catch (error) {
    console.error(`--cors-origin: ${(error as Error).message}\n${usage}`);
    process.exit(2);
  }
  const clockStart = values['manual-clock'];
  if (clockStart !== undefined && values['no-control']) {
    console.error(`--manual-clock and --no-control exclude each other: the manual clock moves only through the control API\n${usage}`);
    process.exit(2);
  }
  const startMs = clockStart === undefined || clockStart === 'now' ? Date.now() : parseInstant(clockStart);
  if (startMs === undefined) {
    console.error(`--manual-clock must be now or an ISO 8601 instant with a zone, e.g. 2026-03-01T09:00:00Z\n${usage}`);
    process.exit(2);
  }
  const cors: NonNullable<EmulatorOptions['cors']> = values['no-cors'] ? false : corsOrigins.length > 0 ? { origins: corsOrigins } : true;
  const stateFile = values['state-file'];
  if (stateFile === '') {
    console.error(`--state-file needs a path\n${usage}`);
    process.exit(2);
  }
  let emulator;
  try {
    emulator = createEmulator({
      projectKey: values.project[0],
      projects: values.project.slice(1),
      ...(values['client-id'] ? { clientId: values['client-id'] } : {}),
      ...(values['client-secret'] ? { clientSecret: values['client-secret'] } : {}),
      history: { offering },
      cors,
      ...(clockStart === undefined ? {} : { clock: new ManualClock(startMs) }),
      control: !values['no-control'],
    });
  } catch (error) {
    console.error(`commerce-emulator: ${(error as Error).message}`);
    process.exit(1);
  }
  // The admin console client (auth/admin-console.ts: writes with its token are recorded with
  // source AdminConsole). Registered with the bootstrap secret, so that a user outside this
  // process can get its token without the CLI printing a second secret; before the state file is
  // read, so that this registration wins over a saved one (and a reset brings it back).
  for (const key of emulator.projectKeys()) {
    const project = emulator.project(key);
    adminConsole(project.context, { clientSecret: project.credentials.clientSecret });
  }
  let stateLine = 'state: in memory only (--state-file PATH keeps it across restarts).';
  if (stateFile !== undefined) {
    try {
      const saved = readStateFile(stateFile);
      if (saved !== undefined) emulator.restore(saved);
      stateLine = `state: ${saved === undefined ? `${stateFile} does not exist yet: starting empty` : `restored from ${stateFile}`}; written there when stopping.`;
    } catch (error) {
      // The file is left as it is: it may be the only copy of the user's data.
      console.error(`commerce-emulator: --state-file: ${(error as Error).message}`);
      process.exit(1);
    }
  }
  // A const, for the closures below.
  const running = emulator;
  return serveEmulator(running, { port, host: values.host }).then(
    (server) => {
      console.log(banner(server, offering, stateLine));
      let stopping = false;
      const stop = (why: string) => {
        if (stopping) return;
        stopping = true;
        console.log(`commerce-emulator: ${why}: stopping`);
        void server.close().then(() => {
          if (stateFile !== undefined) {
            try {
              writeStateFile(stateFile, running.snapshot());
              console.log(`commerce-emulator: state written to ${stateFile}`);
            } catch (error) {
              console.error(`commerce-emulator: --state-file: cannot write ${stateFile}: ${(error as Error).message}`);
              process.exit(1);
            }
          }
          process.exit(0);
        });
      };
      // SIGHUP too: a closed terminal is no reason to lose the data.
      for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => stop(signal));
      stopWhenOrphaned(() => stop('parent process exited'));
      // End of input: the harness closed the pipe, or died (the kernel closes it then). A stdin of
      // /dev/null ends at once: the flag is for a pipe.
      if (values['stop-on-stdin-end']) {
        process.stdin.once('end', () => stop('stdin ended')).once('error', () => stop('stdin failed')).resume();
      }
    },
    (error: unknown) => {
      console.error(`commerce-emulator: ${(error as Error).message}`);
      process.exit(1);
    },
  );
}

await main();
