#!/usr/bin/env node
// Runs the npm scripts named on the command line (`node scripts/run-checks.mjs typecheck lint …`), as many at once as
// the machine has cores, each one's output printed whole when it ends, in the order given; exits 1 naming every
// script that failed. `npm test` runs its static checks through it: they are single-threaded, so two run side by side
// on two cores in about the time of the longest.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const scripts = process.argv.slice(2);
const results = new Array(scripts.length);
let next = 0;

function run(index) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', scripts[index]], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      results[index] = { code, output: Buffer.concat(output).toString(), seconds: (Date.now() - started) / 1000 };
      resolve();
    });
  });
}

async function worker() {
  while (next < scripts.length) await run(next++);
}

await Promise.all(Array.from({ length: Math.min(availableParallelism(), scripts.length) }, worker));
const failed = [];
for (const [index, { code, output, seconds }] of results.entries()) {
  console.log(`> npm run ${scripts[index]} (${seconds.toFixed(1)} s${code === 0 ? '' : `, exit ${code}`})`);
  if (output.trim()) console.log(output.trimEnd());
  if (code !== 0) failed.push(scripts[index]);
}
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.join(', ')}`);
  process.exit(1);
}
