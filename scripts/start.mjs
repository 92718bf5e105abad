// `npm start`: build the web app and the API server if needed, then run the one server process
// (migrations run at its start) with plain node and the embedded defaults unless the environment
// says otherwise.
import './supported-node.mjs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildWebIfNeeded } from './web-build.mjs';
import { SERVER_NODE_FLAGS, apiEntry, buildApiIfNeeded } from './api-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
buildWebIfNeeded();
buildApiIfNeeded();

const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, apiEntry], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
