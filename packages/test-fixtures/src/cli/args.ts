/**
 * The command line of `commerce-emulator`: one table of flags, from which the parser, the
 * environment variables and the usage text all follow. A new flag is one entry in {@link FLAGS}
 * (and its check in {@link parseCli}, when it takes a value).
 */
import { parseArgs } from 'node:util';

type ParsedToken = NonNullable<ReturnType<typeof parseArgs>['tokens']>[number];
import { ADMIN_CONSOLE_CLIENT_ID } from '../emulator/auth/admin-console.js';
import { parseInstant } from '../emulator/control/clock-control.js';
import { checkCorsOrigin, checkProjectKey, type EmulatorOptions } from '../emulator/options.js';

/** One flag. Its environment variable is {@link envName}, unless `env: false`. */
interface Flag {
  type: 'string' | 'boolean';
  /** Repeatable; from the environment, a comma-separated list. */
  multiple?: boolean;
  short?: string;
  /** What the value is, in the synopsis (PORT, PATH, ...). */
  value?: string;
  /** The synopsis entry, when it is not `[--name VALUE]` (two flags that exclude each other). */
  synopsis?: string;
  /** The usage text; one string per line. */
  help: readonly string[];
  /** `false`: a command (`--help`), not a setting, so no environment variable. */
  env?: false;
}

export const FLAGS = {
  port: { type: 'string', value: 'PORT', help: ['port to listen on: 0 to 65535, in decimal; 0 picks a free one (default 8080)'] },
  host: {
    type: 'string',
    value: 'HOST',
    help: ['address to bind (default 127.0.0.1: loopback only); 0.0.0.0 for every interface,', 'e.g. in a container'],
  },
  project: {
    type: 'string',
    multiple: true,
    value: 'KEY',
    help: [
      'project key (default CTP_PROJECT_KEY, else demo-project); repeat it to serve several isolated projects:',
      'the first has the bootstrap client below, each other one its own',
    ],
  },
  'client-id': {
    type: 'string',
    value: 'ID',
    help: ['id of the bootstrap API client (default: CTP_CLIENT_ID, else the one --data-dir', 'keeps, else random)'],
  },
  'client-secret': {
    type: 'string',
    value: 'SECRET',
    help: ['secret of the bootstrap API client (default: CTP_CLIENT_SECRET, else the one', '--data-dir keeps, else random)'],
  },
  'history-offering': {
    type: 'string',
    value: 'premium|basic',
    help: ['premium (default): the Change History records every change;', 'basic: only changes made through the admin console'],
  },
  'cors-origin': {
    type: 'string',
    multiple: true,
    synopsis: '[--cors-origin ORIGIN ... | --no-cors]',
    help: [
      'CORS only for this browser origin (scheme://host[:port], e.g.',
      'http://localhost:5173); repeat it for several. Default: any origin',
      '(Access-Control-Allow-Origin: *)',
    ],
  },
  'no-cors': { type: 'boolean', synopsis: '', help: ['no CORS headers at all (browser apps on another origin are blocked)'] },
  'manual-clock': {
    type: 'string',
    value: 'START',
    help: [
      'a clock that moves only when told (POST /_emulator/clock), starting at START:',
      'now, or an ISO 8601 instant with a zone (2026-03-01T09:00:00Z)',
    ],
  },
  'no-control': { type: 'boolean', help: ['no control API at /_emulator (reset, fault rules, clock, state, health)'] },
  'state-file': {
    type: 'string',
    value: 'PATH',
    help: [
      'keep the data across restarts: read PATH (a snapshot as GET /_emulator/state',
      'gives it) at start if it exists, write it there when stopping; pass',
      '--client-id and --client-secret to keep the same bootstrap client too',
    ],
  },
  'data-dir': {
    type: 'string',
    value: 'DIR',
    help: [
      'durable mode: keep every project in a SQLite database in DIR (created when',
      'missing), each write committed before it is answered, so that even a killed',
      'emulator loses nothing; needs Node 22.13+ (node:sqlite) or the package',
      'better-sqlite3 (12). A DIR that cannot be written, holds a database of another',
      'format or is used by another running emulator: exit code 2, nothing changed.',
      'The bootstrap client is kept in DIR/bootstrap-client.json: the same id and',
      'secret at every start on DIR',
    ],
  },
  // Not --env-file: Node 20 takes that flag for itself even after the script's name, and exits.
  'write-env': {
    type: 'string',
    value: 'PATH',
    help: [
      'once listening, write CTP_PROJECT_KEY, CTP_CLIENT_ID, CTP_CLIENT_SECRET, CTP_AUTH_URL,',
      'CTP_API_URL and CTP_SCOPES (the names commercetools users keep in .env) to PATH',
      '(mode 0600; replaced if it exists)',
    ],
  },
  'stop-on-stdin-end': {
    type: 'boolean',
    help: [
      'stop when standard input ends: a test harness (any language) that starts',
      'the emulator with a pipe as its stdin stops it by closing the pipe, and',
      'the emulator stops by itself when the harness dies',
    ],
  },
  'ready-json': {
    type: 'boolean',
    help: [
      'once listening, print one JSON line as the first line of stdout: origin, base',
      'URLs, GraphQL endpoints, bootstrap credentials (the banner goes to stderr)',
    ],
  },
  log: {
    type: 'string',
    value: 'pretty|json|off',
    help: [
      'request log on stdout: method, path, status, duration, correlation id, project',
      '(never a token, secret or password; no query string). Default: pretty when',
      'stdout is a terminal, off otherwise',
    ],
  },
  open: {
    type: 'boolean',
    help: ['once listening, open the web console (/_emulator/console) in the default browser;', 'when none opens, print its URL'],
  },
  version: { type: 'boolean', short: 'v', env: false, help: ['print the version and exit'] },
  help: { type: 'boolean', short: 'h', env: false, help: ['print this and exit'] },
} as const satisfies Record<string, Flag>;

type FlagName = keyof typeof FLAGS;
type ValueOf<F> = F extends { type: 'boolean' } ? boolean : F extends { multiple: true } ? string[] : string;
type Values = { [K in FlagName]?: ValueOf<(typeof FLAGS)[K]> };

/** The environment variable of a flag: `--client-id` is `COMMERCE_EMULATOR_CLIENT_ID`. */
export function envName(flag: string): string {
  return `COMMERCE_EMULATOR_${flag.toUpperCase().replaceAll('-', '_')}`;
}

const entries = Object.entries(FLAGS) as [FlagName, Flag][];

function synopsisOf(name: string, flag: Flag): string {
  if (flag.synopsis !== undefined) return flag.synopsis;
  const value = flag.type === 'string' ? ` ${flag.value ?? 'VALUE'}${flag.multiple ? ' ...' : ''}` : '';
  return `[--${name}${value}]`;
}

function usageText(): string {
  const synopsis = entries.map(([name, flag]) => synopsisOf(name, flag)).filter(Boolean);
  const lines = ['Usage: commerce-emulator'];
  for (const part of synopsis) {
    const last = lines.length - 1;
    if (lines[last]!.length + part.length + 1 > 110) lines.push(`            ${part}`);
    else lines[last] += ` ${part}`;
  }
  for (const [name, flag] of entries) {
    const [first, ...rest] = flag.help;
    const label = flag.short ? `-${flag.short}, --${name}` : `--${name}`;
    lines.push(`  ${label.padEnd(19)} ${first}`, ...rest.map((line) => `${' '.repeat(22)}${line}`));
  }
  lines.push(
    '       commerce-emulator exec [flags] -- COMMAND [ARGS...]',
    '  start the emulator on a free 127.0.0.1 port (unless --port), run COMMAND with CTP_PROJECT_KEY,',
    '  CTP_CLIENT_ID, CTP_CLIENT_SECRET, CTP_AUTH_URL, CTP_API_URL and CTP_SCOPES pointing at it, stop',
    "  it, and exit with the command's exit code",
    'Every flag but --help and --version can also be set by an environment variable, COMMERCE_EMULATOR_',
    'and the name in upper case with _ for - (COMMERCE_EMULATOR_PORT=0, COMMERCE_EMULATOR_NO_CORS=true,',
    'COMMERCE_EMULATOR_CORS_ORIGIN=http://a.test,http://b.test); a flag on the command line wins.',
  );
  return lines.join('\n');
}

/** The usage text, printed by `--help`. */
export const USAGE = usageText();

/** A flag or environment variable the CLI refuses: exit code 2, one line naming it and a pointer to `--help`. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** What the CLI was asked to do. */
export type CliCommand =
  | { kind: 'help' }
  | { kind: 'version' }
  | { kind: 'serve'; options: CliOptions }
  /** `exec [flags] -- command...`: serve, run the command against the emulator, stop with its exit code. */
  | { kind: 'exec'; options: CliOptions; command: string[] };

/** The emulator and server the command line describes, checked. */
export interface CliOptions {
  port: number;
  host: string;
  projectKey: string;
  /** Further projects, each with a bootstrap client of its own. */
  projects: string[];
  clientId?: string;
  clientSecret?: string;
  /** Where the id and the secret came from: a flag's or variable's name, `random` when neither was given. */
  credentialsFrom: { clientId: string; clientSecret: string };
  offering: 'premium' | 'basic';
  cors: NonNullable<EmulatorOptions['cors']>;
  /** A manual clock starting at this instant (ms); absent: the wall clock. */
  manualClockStartMs?: number;
  control: boolean;
  stateFile?: string;
  dataDir?: string;
  /** Where to write the `CTP_*` variables once listening. */
  envFile?: string;
  stopOnStdinEnd: boolean;
  readyJson: boolean;
  log: LogFormat;
  /** Open the web console in the default browser once listening. */
  open: boolean;
}

export type LogFormat = 'pretty' | 'json' | 'off';

const TRUE = new Set(['1', 'true', 'yes', 'on']);
const FALSE = new Set(['0', 'false', 'no', 'off', '']);

/**
 * Reads the command line, then for each flag not on it its environment variable.
 * `where(name)` says which of the two set a value, for error messages.
 */
function readValues(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): { values: Values; where: (name: FlagName) => string } {
  // Not strict: the checks below name the flag in one line, where parseArgs' own messages run long.
  const { values, tokens } = parseArgs({
    args: [...argv],
    options: FLAGS as Record<string, Flag>,
    strict: false,
    allowPositionals: true,
    tokens: true,
  }) as { values: Values; tokens: ParsedToken[] };
  for (const token of tokens) {
    if (token.kind === 'positional') throw new UsageError(`unexpected argument ${JSON.stringify(token.value)}`);
    if (token.kind !== 'option') continue;
    const flag = (FLAGS as Record<string, Flag>)[token.name];
    if (flag === undefined) throw new UsageError(`unknown flag ${token.rawName}`);
    // `--port --open`: a value that looks like a flag is one forgotten (write `--port=-1` to mean it).
    if (flag.type === 'string' && (token.value === undefined || (!token.inlineValue && token.value.startsWith('-'))))
      throw new UsageError(`${token.rawName} needs a value`);
    if (flag.type === 'boolean' && token.value !== undefined) throw new UsageError(`${token.rawName} takes no value`);
  }
  const fromEnv = new Set<FlagName>();
  for (const [name, flag] of entries) {
    const raw = flag.env === false || values[name] !== undefined ? undefined : env[envName(name)];
    if (raw === undefined) continue;
    fromEnv.add(name);
    const value = raw.trim();
    if (flag.type === 'boolean') {
      const lower = value.toLowerCase();
      if (!TRUE.has(lower) && !FALSE.has(lower))
        throw new UsageError(`${envName(name)} must be true or false (1 or 0), not ${JSON.stringify(raw)}`);
      (values as Record<string, unknown>)[name] = TRUE.has(lower);
    } else {
      (values as Record<string, unknown>)[name] = flag.multiple
        ? value
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean)
        : raw;
    }
  }
  return { values, where: (name) => (fromEnv.has(name) ? envName(name) : `--${name}`) };
}

/** A port as a user writes it: 0 to 65535, decimal digits only (`0x50`, `1e3`, `''` and ` 80` are refused). */
export function parsePort(text: string): number | undefined {
  if (!/^\d{1,5}$/.test(text)) return undefined;
  const port = Number(text);
  return port <= 65_535 ? port : undefined;
}

/** A value given by a flag or its variable (`where`), else by the variable `fallback`; `random` when neither. An empty value is none. */
function givenOr(
  value: string | undefined,
  where: string,
  env: Readonly<Record<string, string | undefined>>,
  fallback: string,
): [string | undefined, string] {
  if (value) return [value, where];
  const other = env[fallback];
  return other ? [other, fallback] : [undefined, 'random'];
}

/**
 * Reads and checks the command line and the `COMMERCE_EMULATOR_*` environment.
 *
 * @throws UsageError for an unknown flag or a value the CLI cannot use
 * @example
 * parseCli(['--port', '0'], process.env, process.stdout.isTTY === true);
 */
export function parseCli(argv: readonly string[], env: Readonly<Record<string, string | undefined>>, terminal: boolean): CliCommand {
  if (argv[0] === 'exec') {
    const end = argv.indexOf('--');
    const command = end === -1 ? [] : argv.slice(end + 1);
    if (command.length === 0) throw new UsageError('exec needs a command after --, e.g. commerce-emulator exec -- npm test');
    // A free port unless --port says otherwise; no request log: the command's output is what counts.
    const served = parseCli(['--port', '0', ...argv.slice(1, end)], env, false);
    return served.kind === 'serve' ? { kind: 'exec', options: served.options, command } : served;
  }
  const { values, where } = readValues(argv, env);
  if (values.help) return { kind: 'help' };
  if (values.version) return { kind: 'version' };

  const port = parsePort(values.port ?? '8080');
  if (port === undefined)
    throw new UsageError(`${where('port')} must be an integer from 0 to 65535 in decimal, not ${JSON.stringify(values.port)}`);
  const host = values.host ?? '127.0.0.1';
  if (host === '') throw new UsageError(`${where('host')} needs an address, e.g. 127.0.0.1 or 0.0.0.0`);
  const ctpProject = values.project === undefined ? env['CTP_PROJECT_KEY'] || undefined : undefined;
  const projectFrom = ctpProject === undefined ? where('project') : 'CTP_PROJECT_KEY';
  const [projectKey = 'demo-project', ...projects] = values.project ?? (ctpProject === undefined ? [] : [ctpProject]);
  try {
    [projectKey, ...projects].forEach(checkProjectKey);
  } catch (error) {
    throw new UsageError(`${projectFrom}: ${(error as Error).message}`);
  }
  const offering = values['history-offering'] ?? 'premium';
  if (offering !== 'premium' && offering !== 'basic') throw new UsageError(`${where('history-offering')} must be premium or basic`);
  // The ecosystem's names (what the Merchant Center hands out with an API client) after our own.
  const [clientId, clientIdFrom] = givenOr(values['client-id'], where('client-id'), env, 'CTP_CLIENT_ID');
  const [clientSecret, clientSecretFrom] = givenOr(values['client-secret'], where('client-secret'), env, 'CTP_CLIENT_SECRET');
  if (clientId === ADMIN_CONSOLE_CLIENT_ID)
    throw new UsageError(`${clientIdFrom} ${ADMIN_CONSOLE_CLIENT_ID} is reserved for the admin console`);
  const corsOrigins = values['cors-origin'] ?? [];
  if (values['no-cors'] && corsOrigins.length > 0)
    throw new UsageError(`${where('no-cors')} and ${where('cors-origin')} exclude each other`);
  try {
    corsOrigins.forEach(checkCorsOrigin);
  } catch (error) {
    throw new UsageError(`${where('cors-origin')}: ${(error as Error).message}`);
  }
  const clockStart = values['manual-clock'];
  if (clockStart !== undefined && values['no-control']) {
    throw new UsageError(
      `${where('manual-clock')} and ${where('no-control')} exclude each other: the manual clock moves only through the control API`,
    );
  }
  const manualClockStartMs = clockStart === undefined ? undefined : clockStart === 'now' ? Date.now() : parseInstant(clockStart);
  if (clockStart !== undefined && manualClockStartMs === undefined) {
    throw new UsageError(`${where('manual-clock')} must be now or an ISO 8601 instant with a zone, e.g. 2026-03-01T09:00:00Z`);
  }
  if (values.open && values['no-control'])
    throw new UsageError(`${where('open')} and ${where('no-control')} exclude each other: the web console is part of the control API`);
  const stateFile = values['state-file'];
  if (stateFile === '') throw new UsageError(`${where('state-file')} needs a path`);
  const dataDir = values['data-dir'];
  if (dataDir === '') throw new UsageError(`${where('data-dir')} needs a directory`);
  const envFile = values['write-env'];
  if (envFile === '') throw new UsageError(`${where('write-env')} needs a path`);
  const log = values.log ?? (terminal ? 'pretty' : 'off');
  if (log !== 'pretty' && log !== 'json' && log !== 'off') throw new UsageError(`${where('log')} must be pretty, json or off`);
  return {
    kind: 'serve',
    options: {
      port,
      host,
      projectKey,
      projects,
      ...(clientId === undefined ? {} : { clientId }),
      ...(clientSecret === undefined ? {} : { clientSecret }),
      credentialsFrom: { clientId: clientIdFrom, clientSecret: clientSecretFrom },
      offering,
      cors: values['no-cors'] ? false : corsOrigins.length > 0 ? { origins: corsOrigins } : true,
      ...(manualClockStartMs === undefined ? {} : { manualClockStartMs }),
      control: !values['no-control'],
      ...(stateFile === undefined ? {} : { stateFile }),
      ...(dataDir === undefined ? {} : { dataDir }),
      ...(envFile === undefined ? {} : { envFile }),
      stopOnStdinEnd: values['stop-on-stdin-end'] === true,
      readyJson: values['ready-json'] === true,
      log,
      open: values.open === true,
    },
  };
}
