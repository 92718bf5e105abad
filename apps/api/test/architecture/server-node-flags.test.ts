// The V8 heap flags of decision 031: every way the product starts uses the same ones, and this Node
// accepts them (an unknown flag would stop the server at start).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a build script without type declarations
import { SERVER_NODE_FLAGS } from '../../../../scripts/api-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const flags = SERVER_NODE_FLAGS as string[];

describe('server node flags', () => {
  it('are accepted by this Node and take effect', () => {
    const semiSpace = execFileSync(
      process.execPath,
      [...flags, '-e', 'console.log(require("v8").getHeapStatistics().total_available_size > 0)'],
      { encoding: 'utf8' },
    );
    expect(semiSpace.trim()).toBe('true');
    expect(flags).toContain('--max-semi-space-size=16');
  });

  it('are the ones the container image starts the server with', () => {
    const dockerfile = fs.readFileSync(path.join(root, 'deploy/Dockerfile'), 'utf8');
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    expect(JSON.parse(cmd ?? '[]')).toEqual(['node', ...flags, 'apps/api/dist/server.js']);
  });

  it('are the ones npm start uses', () => {
    const start = fs.readFileSync(path.join(root, 'scripts/start.mjs'), 'utf8');
    expect(start).toContain('[...SERVER_NODE_FLAGS, apiEntry]');
  });
});
