import { CONTROL_PREFIX } from '../emulator/control/prefix.js';
import type { RunningEmulator } from '../emulator/server.js';

/**
 * What `--ready-json` prints as the first line of stdout once the emulator listens, so that a
 * harness started with `--port 0` reads where it is without parsing the banner.
 */
export interface ReadyLine {
  ready: true;
  /** `http://<host>:<port>`; the loopback address when listening on every interface. */
  origin: string;
  port: number;
  projectKey: string;
  /** The base URLs the clients take: `{ api, auth, history }`. */
  urls: RunningEmulator['urls'];
  graphql: { commerce: string; history: string };
  /** The control API's base URL, `null` with `--no-control`. */
  control: string | null;
  /** The bootstrap API client (scope `manage_project:<projectKey>`). */
  credentials: { clientId: string; clientSecret: string; scope: string };
}

/** The `--ready-json` line of a running emulator. */
export function readyLine(server: RunningEmulator): ReadyLine {
  const { emulator, origin, port, urls } = server;
  const project = emulator.projectKey;
  return {
    ready: true,
    origin,
    port,
    projectKey: project,
    urls,
    graphql: { commerce: `${urls.api}/${project}/graphql`, history: `${urls.history}/${project}/graphql` },
    control: emulator.context.options.control ? `${origin}${CONTROL_PREFIX}` : null,
    credentials: { ...emulator.credentials },
  };
}
