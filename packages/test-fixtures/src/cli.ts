#!/usr/bin/env node
/**
 * `commerce-emulator` / `pnpm emulator`: serves the emulator on a loopback port and prints its
 * base URLs and the bootstrap client's credentials.
 */
import { parseArgs } from 'node:util';
import { startEmulator } from './emulator/server.js';

const usage = `Usage: commerce-emulator [--port 8080] [--host 127.0.0.1] [--project demo-project] [--client-id ID] [--client-secret SECRET]
            [--history-offering premium|basic]`;

function main(): Promise<void> | void {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string', default: process.env['COMMERCE_EMULATOR_PORT'] ?? '8080' },
        host: { type: 'string', default: '127.0.0.1' },
        project: { type: 'string', default: 'demo-project' },
        'client-id': { type: 'string' },
        'client-secret': { type: 'string' },
        'history-offering': { type: 'string', default: 'premium' },
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
  return startEmulator({
    port,
    host: values.host,
    projectKey: values.project,
    ...(values['client-id'] ? { clientId: values['client-id'] } : {}),
    ...(values['client-secret'] ? { clientSecret: values['client-secret'] } : {}),
    history: { offering },
  }).then((server) => {
    const { clientId, clientSecret, scope } = server.emulator.credentials;
    console.log(`commerce emulator for project '${server.emulator.projectKey}' listening on ${server.origin}
  API      ${server.urls.api}/${server.emulator.projectKey}
  auth     ${server.urls.auth}
  history  ${server.urls.history}/${server.emulator.projectKey}
bootstrap API client (scope ${scope}):
  client id      ${clientId}
  client secret  ${clientSecret}
try:
  curl -s -u '${clientId}:${clientSecret}' -d grant_type=client_credentials ${server.urls.auth}/oauth/token`);
    const stop = () => void server.close().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

await main();
