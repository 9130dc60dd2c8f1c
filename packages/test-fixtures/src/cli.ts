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
 * npx -p @commerce-kit/test-fixtures commerce-emulator --port 0   # any free port
 * COMMERCE_EMULATOR_PORT=0 commerce-emulator --ready-json --log json   # a harness: a JSON ready line, then JSON log lines
 * ```
 */
import { ADMIN_CONSOLE_CLIENT_ID, ADMIN_USER_HEADER, adminConsole, DEFAULT_ADMIN_USER } from './emulator/auth/admin-console.js';
import { ManualClock } from './emulator/clock.js';
import { clockState } from './emulator/control/clock-control.js';
import { CONTROL_PREFIX } from './emulator/control/prefix.js';
import { createEmulator } from './emulator/app.js';
import { serveEmulator, type RunningEmulator } from './emulator/server.js';
import { stopWhenOrphaned } from './parent-watch.js';
import { readStateFile, writeFileAtOnce, writeStateFile } from './state-file.js';
import { parseCli, USAGE as usage, UsageError, type CliOptions } from './cli/args.js';
import { readyLine } from './cli/ready-line.js';
import { DataDirError } from './emulator/storage/sqlite/data-dir.js';
import { SqliteMissingError } from './emulator/storage/sqlite/binding.js';
import { requestLogLine } from './cli/request-log.js';
import { consoleSignInUrl, openInBrowser } from './cli/open-browser.js';
import { packageVersion } from './version.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { constants } from 'node:os';
import { ctpVariables, envFileText } from './cli/ctp-env.js';
import {
  bootstrapClient,
  bootstrapClientOrigin,
  BootstrapClientFileError,
  keepBootstrapClient,
  type BootstrapClient,
} from './cli/bootstrap-client.js';
import type { ServedRequest } from './emulator/http/served-request.js';

/** Extracts `access_token` from a token answer in a shell pipeline, without jq. */
const ACCESS_TOKEN = `sed -E 's/.*"access_token":"([^"]+)".*/\\1/'`;

/** What the CLI prints once the server listens. No secret but the bootstrap client's own. */
function banner(server: RunningEmulator, host: string, offering: 'premium' | 'basic', stateLine: string, clientOrigin: string): string {
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
    clock.manual
      ? `
  curl -s -u '${clientId}:${clientSecret}' -d '{"advanceMs":172800000}' ${control}/clock  # 48 h later`
      : ''
  }
web console: ${control}/console (sign in with the bootstrap client's id and secret; --open opens it)`
    : 'control API: off (--no-control).';
  // A wildcard address is no URL a client can use: name loopback, and how other hosts reach it.
  const bound =
    new URL(origin).hostname.replace(/^\[|\]$/g, '') === host
      ? ''
      : `
  bound to ${host} (every interface): from another container or host use http://<this host's name>:${server.port},
  e.g. http://emulator:${server.port} in docker compose, with allowInsecureHttp: true in the clients and the token provider`;
  return `commerce emulator for project '${project}' listening on ${origin}${bound}
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
  ${clientOrigin}
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
  curl -s -H "Authorization: Bearer $TOKEN" '${urls.history}/${project}/product-selection?source=AdminConsole&userId=jen'
as environment variables, the names commercetools users keep in .env (--write-env PATH writes them):
${Object.entries(ctpVariables(server))
  .map(([name, value]) => `  ${name}=${value}`)
  .join('\n')}`;
}

/** Why the server could not listen, and what to do about it. */
function listenFailure(error: NodeJS.ErrnoException, options: CliOptions): string {
  if (error.code === 'EADDRINUSE') {
    return `port ${options.port} on ${options.host} is in use (EADDRINUSE): stop what listens there, choose another --port, or --port 0 for any free port`;
  }
  if (error.code === 'EADDRNOTAVAIL')
    return `cannot listen on ${options.host} (EADDRNOTAVAIL): not an address of this machine; --host 127.0.0.1 or 0.0.0.0`;
  if (error.code === 'EACCES')
    return `no permission to listen on port ${options.port} (EACCES): ports below 1024 need privileges; choose another --port, or --port 0`;
  return error.message;
}

/**
 * Runs `commerce-emulator exec`'s command with the emulator's `CTP_*` variables and calls `ended`
 * once with why and the exit code to end with: the command's, 128 + the signal's number when a
 * signal ended it (as a shell says), 127 when it could not start.
 */
function runCommand(command: string[], variables: Record<string, string>, ended: (why: string, code: number) => void): ChildProcess {
  const [file, ...args] = command as [string, ...string[]];
  const child = spawn(file, args, { stdio: 'inherit', env: { ...process.env, ...variables } });
  child.once('error', (error) => {
    console.error(`commerce-emulator: exec: cannot run ${file}: ${error.message}`);
    ended('the command did not start', 127);
  });
  child.once('exit', (code, signal) =>
    ended(`the command exited with ${signal ?? code}`, code ?? 128 + (signal === null ? 0 : (constants.signals[signal] ?? 0))),
  );
  return child;
}

function main(): Promise<void> | void {
  let command;
  try {
    command = parseCli(process.argv.slice(2), process.env, process.stdout.isTTY === true);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`commerce-emulator: ${error.message} (commerce-emulator --help lists the flags)`);
    process.exit(2);
  }
  if (command.kind === 'help') {
    console.log(usage);
    return;
  }
  if (command.kind === 'version') {
    console.log(packageVersion());
    return;
  }
  const options = command.options;
  const exec = command.kind === 'exec' ? command.command : undefined;
  const { offering, stateFile, dataDir } = options;
  let emulator;
  let client: BootstrapClient;
  try {
    client = bootstrapClient({ ...options, from: options.credentialsFrom }, dataDir);
    emulator = createEmulator({
      projectKey: options.projectKey,
      projects: options.projects,
      ...(client.clientId === undefined ? {} : { clientId: client.clientId }),
      ...(client.clientSecret === undefined ? {} : { clientSecret: client.clientSecret }),
      history: { offering },
      cors: options.cors,
      ...(options.manualClockStartMs === undefined ? {} : { clock: new ManualClock(options.manualClockStartMs) }),
      control: options.control,
      // A developer's emulator: the web console's request log shows everything since the start.
      requestLog: options.control,
      ...(dataDir === undefined ? {} : { dataDir }),
    });
    // Once the emulator holds the data dir's lock: no other emulator writes it meanwhile.
    if (dataDir !== undefined) keepBootstrapClient(dataDir, emulator.credentials);
  } catch (error) {
    if (error instanceof DataDirError || error instanceof SqliteMissingError || error instanceof BootstrapClientFileError) {
      console.error(`commerce-emulator: --data-dir: ${error.message}`);
      process.exit(2);
    }
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
  let stateLine =
    options.dataDir === undefined
      ? 'state: in memory only (--data-dir DIR keeps every write, --state-file PATH keeps it across clean restarts).'
      : `state: durable in ${options.dataDir} (every answered write is committed to its SQLite database).`;
  if (stateFile !== undefined) {
    try {
      const saved = readStateFile(stateFile);
      if (saved !== undefined) emulator.restore(saved);
      stateLine = `${options.dataDir === undefined ? 'state' : `state: durable in ${options.dataDir}; state file`}: ${saved === undefined ? `${stateFile} does not exist yet: starting empty` : `restored from ${stateFile}`}; written there when stopping.`;
    } catch (error) {
      // The file is left as it is: it may be the only copy of the user's data.
      console.error(`commerce-emulator: --state-file: ${(error as Error).message}`);
      process.exit(1);
    }
  }
  // A const, for the closures below.
  const running = emulator;
  const log = options.log;
  const onRequest = log === 'off' ? undefined : (served: ServedRequest) => console.log(requestLogLine(log, served, new Date()));
  return serveEmulator(running, { port: options.port, host: options.host, ...(onRequest ? { onRequest } : {}) }).then(
    (server) => {
      if (options.envFile !== undefined) {
        try {
          writeFileAtOnce(options.envFile, envFileText(ctpVariables(server)));
        } catch (error) {
          console.error(`commerce-emulator: --write-env: cannot write ${options.envFile}: ${(error as Error).message}`);
          process.exit(1);
        }
      }
      // exec: the command's output is what counts, so one line on stderr instead of the banner.
      if (exec)
        console.error(
          `commerce-emulator: project '${running.projectKey}' at ${server.origin}; running ${exec.join(' ')} with CTP_* pointing at it`,
        );
      // With --ready-json, stdout starts with one JSON line and the banner is for a person: stderr.
      else if (options.readyJson) {
        console.log(JSON.stringify(readyLine(server)));
        console.error(banner(server, options.host, offering, stateLine, bootstrapClientOrigin(client, dataDir)));
      } else console.log(banner(server, options.host, offering, stateLine, bootstrapClientOrigin(client, dataDir)));
      if (options.open) {
        const consoleUrl = `${server.origin}${CONTROL_PREFIX}/console`;
        openInBrowser(consoleSignInUrl(consoleUrl, running.credentials), (why) =>
          console.error(`commerce-emulator: --open: no browser opened (${why}); open ${consoleUrl}`),
        );
      }
      let stopping = false;
      // Under exec, stdout is the command's: the emulator's own lines go to stderr.
      const say = exec ? console.error : console.log;
      const stop = (why: string, exitCode = 0) => {
        if (stopping) return;
        stopping = true;
        say(`commerce-emulator: ${why}: stopping`);
        void server.close().then(() => {
          if (stateFile !== undefined) {
            try {
              writeStateFile(stateFile, running.snapshot());
              say(`commerce-emulator: state written to ${stateFile}`);
            } catch (error) {
              console.error(`commerce-emulator: --state-file: cannot write ${stateFile}: ${(error as Error).message}`);
              process.exit(1);
            }
          }
          running.close();
          process.exit(exitCode);
        });
      };
      const child = exec && runCommand(exec, ctpVariables(server), (why, code) => stop(why, code));
      // SIGHUP too: a closed terminal is no reason to lose the data. Kept listening while stopping:
      // a signal without a listener kills at once, and Ctrl-C under pnpm comes twice. Under exec,
      // the command gets the signal, and its end stops the emulator.
      for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
        process.on(signal, () => (child && child.exitCode === null && child.signalCode === null ? child.kill(signal) : stop(signal)));
      stopWhenOrphaned(() => stop('parent process exited'));
      // End of input: the harness closed the pipe, or died (the kernel closes it then). A stdin of
      // /dev/null ends at once: the flag is for a pipe.
      if (options.stopOnStdinEnd) {
        process.stdin
          .once('end', () => stop('stdin ended'))
          .once('error', () => stop('stdin failed'))
          .resume();
      }
    },
    (error: unknown) => {
      console.error(`commerce-emulator: ${listenFailure(error as NodeJS.ErrnoException, options)}`);
      process.exit(1);
    },
  );
}

await main();
