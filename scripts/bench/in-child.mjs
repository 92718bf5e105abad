// Runs one exported async function of a benchmark module in a node process of its own and returns
// its result (JSON in, JSON out, through files: the input may hold access tokens).
//
// The load generator (autocannon) runs in the benchmark's process, so whatever that process holds
// is in the way of every later measurement: Playwright and Lighthouse, once imported for the browser
// figures of the SQLite part, left its heap at 150-230 MB during PostgreSQL's reads, and its major
// garbage collections then delayed the generator's event loop, which it counted as the server's
// latency (decision 046). What loads heavy modules runs here instead.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const self = fileURLToPath(import.meta.url);
const isChild = process.argv[1] !== undefined && path.resolve(process.argv[1]) === self;

/** `(await import(modulePath))[name](input)` in a child process; its errors are thrown here. */
export async function runInChild(modulePath, name, input) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-bench-child-'));
  const inputFile = path.join(dir, 'input.json');
  const outputFile = path.join(dir, 'output.json');
  fs.writeFileSync(inputFile, JSON.stringify(input), { mode: 0o600 });
  try {
    const code = await new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [self, path.resolve(modulePath), name, inputFile, outputFile], {
        stdio: 'inherit',
      });
      child.on('error', reject);
      child.on('exit', resolve);
    });
    const output = fs.existsSync(outputFile) ? JSON.parse(fs.readFileSync(outputFile, 'utf8')) : null;
    if (output?.error) throw new Error(output.error);
    if (code !== 0 || !output) throw new Error(`${path.basename(modulePath)} ${name} ended with code ${code}`);
    return output.result;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (isChild) {
  const [modulePath, name, inputFile, outputFile] = process.argv.slice(2);
  let output;
  try {
    const fn = (await import(pathToFileURL(modulePath).href))[name];
    if (typeof fn !== 'function') throw new Error(`${modulePath} has no function ${name}`);
    output = { result: await fn(JSON.parse(fs.readFileSync(inputFile, 'utf8'))) };
  } catch (error) {
    output = { error: error?.message ?? String(error) };
  }
  fs.writeFileSync(outputFile, JSON.stringify(output));
  // Browser libraries may leave handles open; the answer is written, so the process ends.
  process.exit(0);
}
