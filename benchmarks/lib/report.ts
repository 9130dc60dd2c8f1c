/** Small helpers to print what a benchmark measured. */
import * as os from 'node:os';

/** Prints a plain-text table with aligned columns. */
export function printTable(header: readonly string[], rows: readonly (readonly string[])[]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

/** The median of `xs` (the mean of the middle two for an even count). */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

export function machine(): string {
  const cpus = os.cpus();
  return `node ${process.version}, ${os.platform()} ${os.arch()}, ${cpus.length} x ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (other work on the machine skews every figure)`;
}

export const fmt = {
  int: (n: number): string => Math.round(n).toLocaleString('en-US'),
  fixed: (n: number, digits = 1): string => n.toFixed(digits),
  ms: (n: number): string => `${n.toFixed(n < 10 ? 2 : 0)} ms`,
  kb: (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`,
  pct: (n: number): string => `${n.toFixed(1)} %`,
};

export function verdict(ok: boolean | undefined): string {
  return ok === undefined ? 'n/a' : ok ? 'met' : 'NOT met';
}

/** Reads `--name value` or `--name=value` from argv. */
export function arg(name: string): string | undefined {
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === `--${name}`) return argv[i + 1] !== undefined && !argv[i + 1]!.startsWith('--') ? argv[i + 1] : 'true';
    if (a.startsWith(`--${name}=`)) return a.slice(name.length + 3);
  }
  return undefined;
}
