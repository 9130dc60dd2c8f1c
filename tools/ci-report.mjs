/**
 * The table that ends `.ci/run`: the wall time of each step (the install, `generate:check`, the
 * turbo run) and of each task in turbo's run summaries (`turbo run --summarize` writes them to
 * .turbo/runs/), in the order they started. Plain Node, no dependency: it runs even when the
 * install failed.
 *
 * Usage: node tools/ci-report.mjs <steps.tsv> <start-ms>
 * where each line of steps.tsv is `name<TAB>start-ms<TAB>end-ms<TAB>exit-code`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const [stepsFile, startArg] = process.argv.slice(2);
const ciStart = Number(startArg);
const rows = [];

if (stepsFile && existsSync(stepsFile)) {
  for (const line of readFileSync(stepsFile, 'utf8').split('\n').filter(Boolean)) {
    const [name, start, end, code] = line.split('\t');
    rows.push({ name, start: Number(start), end: Number(end), result: code === '0' ? 'ok' : `FAILED (exit ${code})` });
  }
}

// The run summaries written since .ci/run began: one per turbo invocation (generate:check's too).
const runs = join(process.cwd(), '.turbo', 'runs');
const taskRows = [];
if (existsSync(runs)) {
  for (const file of readdirSync(runs).filter((name) => name.endsWith('.json'))) {
    let summary;
    try {
      summary = JSON.parse(readFileSync(join(runs, file), 'utf8'));
    } catch {
      continue;
    }
    if (!(summary.execution?.startTime >= ciStart)) continue;
    for (const task of summary.tasks ?? []) {
      const { startTime, endTime, exitCode } = task.execution ?? {};
      if (startTime === undefined) continue;
      const result =
        task.cache?.status === 'HIT' ? 'cached' : exitCode === 0 ? 'ok' : exitCode == null ? 'not run' : `FAILED (exit ${exitCode})`;
      taskRows.push({ name: `  ${task.taskId}`, start: startTime, end: endTime ?? startTime, result });
    }
  }
}
taskRows.sort((a, b) => a.start - b.start);

const seconds = (ms) => `${(ms / 1000).toFixed(1)}s`;
const all = [...rows, ...taskRows];
// Each step, then the turbo tasks right under the step that ran them.
const ordered = [];
for (const row of rows) {
  ordered.push(row);
  for (const task of taskRows) if (task.start >= row.start && task.start <= row.end) ordered.push(task);
}
for (const task of taskRows) if (!ordered.includes(task)) ordered.push(task);

const width = Math.max(20, ...all.map((row) => row.name.length));
const line = (name, start, wall, result) => `${name.padEnd(width)}  ${start.padStart(8)}  ${wall.padStart(8)}  ${result}`;
console.log('\nci: wall time of each step and task (start: seconds after .ci/run began)');
console.log(line('step / task', 'start', 'wall', 'result'));
for (const row of ordered) console.log(line(row.name, seconds(row.start - ciStart), seconds(row.end - row.start), row.result));
const end = Math.max(Date.now(), ...all.map((row) => row.end));
const taskSum = taskRows.reduce((sum, row) => sum + (row.end - row.start), 0);
console.log(line('total (wall)', '', seconds(end - ciStart), ''));
console.log(line('sum of the turbo tasks', '', seconds(taskSum), '(above the total: tasks ran in parallel)'));
