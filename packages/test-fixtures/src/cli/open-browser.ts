import { spawn } from 'node:child_process';

/**
 * The console's URL that signs in with `credentials`: they travel in the fragment, which the
 * browser never sends to the server, as base64url of `{"clientId","clientSecret"}`; the console
 * signs in with them and removes the fragment from the address bar and the history.
 *
 * @example
 * consoleSignInUrl('http://127.0.0.1:8080/_emulator/console', { clientId: 'a', clientSecret: 'b' });
 * // 'http://127.0.0.1:8080/_emulator/console#signin=eyJjbGllbnRJZCI6ImEiLCJjbGllbnRTZWNyZXQiOiJiIn0'
 */
export function consoleSignInUrl(consoleUrl: string, credentials: { clientId: string; clientSecret: string }): string {
  const json = JSON.stringify({ clientId: credentials.clientId, clientSecret: credentials.clientSecret });
  return `${consoleUrl.replace(/#.*$/s, '')}#signin=${Buffer.from(json, 'utf8').toString('base64url')}`;
}

/** The command that opens a URL in the default browser on a platform (`process.platform`). */
export function browserCommand(platform: string, url: string): { command: string; args: string[] } {
  if (platform === 'darwin') return { command: 'open', args: [url] };
  // `start` is a command of cmd; its first quoted argument is a window title.
  if (platform === 'win32') return { command: 'cmd', args: ['/c', 'start', '""', url.replaceAll('&', '^&')] };
  return { command: 'xdg-open', args: [url] };
}

/**
 * Opens `url` in the default browser, without waiting for it; when that fails (no browser, no
 * desktop, the command missing), `onFailure` gets the reason, so the caller can print the URL.
 *
 * @example
 * openInBrowser('http://127.0.0.1:8080/_emulator/console', (why) => console.error(`open it yourself: ${why}`));
 */
export function openInBrowser(url: string, onFailure: (why: string) => void): void {
  const { command, args } = browserCommand(process.platform, url);
  let failed = false;
  const fail = (why: string) => {
    if (failed) return;
    failed = true;
    onFailure(why);
  };
  try {
    const child = spawn(command, args, { stdio: 'ignore', detached: true, windowsHide: true });
    child.once('error', (error) => fail(`${command}: ${error.message}`));
    child.once('exit', (code) => {
      if (code !== 0 && code !== null) fail(`${command} exited with code ${code}`);
    });
    child.unref();
  } catch (error) {
    fail(`${command}: ${(error as Error).message}`);
  }
}
