// deploy/ as issue 63 asks (decision 100): compose.yaml is a valid Compose file with Prometheus beside
// the two processes, checked by `compose config` where a compose binary is installed and always by
// the Compose Specification's own JSON schema (vendored beside this file); and Prometheus, the load
// balancer and the compose file agree with each other and with the server (its port, /metrics, its
// token, /api/ready). The series the dashboard asks for are checked against a real scrape in
// src/plugins/metrics.test.ts.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { Ajv } from 'ajv';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { ENGINES, createTestApp } from '../helpers.ts';

const deploy = path.resolve(import.meta.dirname, '../../../../deploy');
const composeFile = path.join(deploy, 'compose.yaml');
const read = (name: string) => fs.readFileSync(path.join(deploy, name), 'utf8');

type Service = {
  image?: string;
  build?: { context: string; dockerfile: string };
  environment?: Record<string, string>;
  volumes?: string[];
  command?: string | string[];
  depends_on?: string[] | Record<string, unknown>;
};
type Compose = { services: Record<string, Service> };

/** The compose file with its anchors and `<<` merges resolved, as compose reads it. */
const compose = () => parse(read('compose.yaml'), { merge: true }) as Compose;

function validator() {
  const schema = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'compose-spec.schema.json'), 'utf8'));
  // It names draft-07 by an https address Ajv does not know under that name; Ajv's default is
  // draft-07. Its `format`s (duration, ...) are Compose's, not JSON Schema's: not checked here.
  delete schema.$schema;
  return new Ajv({ allErrors: true, strict: false, validateFormats: false }).compile(schema);
}

/** `docker compose` (v2) when the plugin is there, else `docker-compose` (v1), else null. */
function composeCommand(): string[] | null {
  for (const command of [['docker', 'compose'], ['docker-compose']]) {
    const probe = spawnSync(command[0]!, [...command.slice(1), 'version'], { encoding: 'utf8' });
    if (probe.status === 0) return command;
  }
  return null;
}

/** Runs `compose -f <file> config -q`: its exit code and what it said. */
function composeConfig(command: string[], file: string) {
  const env = { ...process.env, IDENTITY_SECRETS_KEY: Buffer.alloc(32, 1).toString('base64') };
  const result = spawnSync(command[0]!, [...command.slice(1), '-f', file, 'config', '-q'], { encoding: 'utf8', env });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/**
 * A copy of compose.yaml with one line changed, in deploy/ itself: compose resolves ./Caddyfile and
 * the build context against the file's folder. The caller removes it.
 */
function brokenCopy(from: string, to: string): string {
  const text = read('compose.yaml');
  expect(text).toContain(from);
  const file = path.join(deploy, `.compose-broken-${process.pid}.yaml`);
  fs.writeFileSync(file, text.replace(from, to));
  return file;
}

describe('deploy/compose.yaml', () => {
  it('is valid for `compose config` (or, without a compose binary here, for the Compose schema)', () => {
    const command = composeCommand();
    if (command === null) {
      const validate = validator();
      expect(validate(compose()), JSON.stringify(validate.errors)).toBe(true);
      return;
    }
    const ok = composeConfig(command, composeFile);
    expect(ok.output).toBe('');
    expect(ok.status).toBe(0);
    // The same binary refuses a key no service has, so the check above can fail.
    const broken = brokenCopy('stop_grace_period: 40s', 'stop_grace_periods: 40s');
    try {
      const refused = composeConfig(command, broken);
      expect(refused.status).not.toBe(0);
      expect(refused.output).toMatch(/stop_grace_periods/);
    } finally {
      fs.rmSync(broken, { force: true });
    }
  });

  it('is valid against the Compose Specification schema, which refuses a misspelt key', () => {
    const validate = validator();
    expect(validate(compose()), JSON.stringify(validate.errors)).toBe(true);
    const misspelt = parse(read('compose.yaml').replace('stop_grace_period:', 'stop_grace_periods:'), { merge: true });
    expect(validate(misspelt)).toBe(false);
    expect(JSON.stringify(validate.errors)).toContain('stop_grace_periods');
  });

  it('runs Prometheus beside the two processes and the load balancer, on files that exist', () => {
    const { services } = compose();
    expect(Object.keys(services)).toEqual(expect.arrayContaining(['app1', 'app2', 'proxy', 'prometheus']));
    for (const [name, service] of Object.entries(services)) {
      const needs = Array.isArray(service.depends_on) ? service.depends_on : Object.keys(service.depends_on ?? {});
      for (const other of needs) expect(Object.keys(services), `${name} depends on ${other}`).toContain(other);
      for (const volume of service.volumes ?? []) {
        const source = volume.split(':')[0]!;
        if (source.startsWith('.')) expect(fs.existsSync(path.join(deploy, source)), volume).toBe(true);
      }
      if (service.build) {
        expect(fs.existsSync(path.join(deploy, service.build.context, service.build.dockerfile))).toBe(true);
      }
    }
    const prometheus = services.prometheus!;
    const configFlag = (prometheus.command as string[]).find((c) => c.startsWith('--config.file='))!;
    expect(prometheus.volumes).toContain(`./prometheus.yml:${configFlag.slice('--config.file='.length)}:ro`);
  });

  it.each(ENGINES)('has Prometheus scrape each process on its port, path and token (%s)', async (engine) => {
    const { services } = compose();
    const port = /ENV .*\bPORT=(\d+)/.exec(read('Dockerfile'))?.[1];
    expect(port).toBeDefined();
    const config = parse(read('prometheus.yml')) as {
      scrape_configs: {
        metrics_path: string;
        authorization: { type: string; credentials: string };
        static_configs: { targets: string[] }[];
      }[];
    };
    const [job] = config.scrape_configs;
    const { metrics_path: metricsPath, authorization } = job!;
    const targets = job!.static_configs.flatMap((s) => s.targets);
    expect(targets).toEqual(['app1', 'app2'].map((name) => `${name}:${port}`));
    for (const name of ['app1', 'app2']) {
      expect(services[name]!.environment?.METRICS_TOKEN, name).toBe(authorization.credentials);
    }
    // A server with the compose file's token answers Prometheus's request as configured.
    const t = await createTestApp(engine, { env: { METRICS_TOKEN: authorization.credentials } });
    try {
      const headers = { authorization: `${authorization.type} ${authorization.credentials}` };
      const res = await t.app.inject({ url: metricsPath, headers });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('# TYPE sp_http_request_duration_seconds histogram');
    } finally {
      await t.close();
    }
  });

  it.each(ENGINES)('has the load balancer ask /api/ready, which a running server on %s answers', async (engine) => {
    const caddy = read('Caddyfile');
    const port = /ENV .*\bPORT=(\d+)/.exec(read('Dockerfile'))?.[1];
    expect(caddy).toMatch(new RegExp(`reverse_proxy app1:${port} app2:${port}`));
    expect(caddy).toMatch(/health_uri \/api\/ready\n/);
    const t = await createTestApp(engine);
    try {
      const res = await t.app.inject({ url: '/api/ready' });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await t.close();
    }
  });
});
