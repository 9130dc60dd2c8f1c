/**
 * Where the control API lives: `<origin>/_emulator`. A project key is `[a-z0-9-]` only, so no
 * path of the service can start with it.
 */
export const CONTROL_PREFIX = '/_emulator';
