import { describe, expect, it } from 'vitest';
import { parseCli, USAGE, UsageError } from '../../src/cli/args.js';
import { browserCommand } from '../../src/cli/open-browser.js';

const serve = (argv: string[], env: Record<string, string> = {}) => {
  const command = parseCli(argv, env, false);
  if (command.kind !== 'serve') throw new Error(`expected serve, got ${command.kind}`);
  return command.options;
};

describe('commerce-emulator --open', () => {
  it('opens the web console when asked, by flag or environment, and not by default', () => {
    expect(serve([]).open).toBe(false);
    expect(serve(['--open']).open).toBe(true);
    expect(serve([], { COMMERCE_EMULATOR_OPEN: 'true' }).open).toBe(true);
    expect(serve([], { COMMERCE_EMULATOR_OPEN: '0' }).open).toBe(false);
    expect(USAGE).toContain('--open');
  });

  it('refuses --open with --no-control: the console is part of the control API', () => {
    expect(() => serve(['--open', '--no-control'])).toThrow(UsageError);
    expect(() => serve(['--open', '--no-control'])).toThrow('--open and --no-control exclude each other');
    expect(() => serve(['--open=yes'])).toThrow(UsageError);
  });

  it("uses the platform's opener: open on macOS, start on Windows, xdg-open elsewhere", () => {
    const url = 'http://127.0.0.1:8080/_emulator/console';
    expect(browserCommand('darwin', url)).toEqual({ command: 'open', args: [url] });
    expect(browserCommand('linux', url)).toEqual({ command: 'xdg-open', args: [url] });
    expect(browserCommand('win32', url)).toEqual({ command: 'cmd', args: ['/c', 'start', '""', url] });
    // cmd would read & as the end of the command.
    expect(browserCommand('win32', 'http://h/?a=1&b=2').args.at(-1)).toBe('http://h/?a=1^&b=2');
  });
});
