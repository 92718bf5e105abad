// How a module plugs itself in: `defineModule` names the module, the ports it needs and a setup that
// builds its repository and service from them and returns its public API and its routes. `app.ts`
// lists the modules; `registerModules` runs every setup first (modules reach each other only through
// `use`, which resolves when called) and then mounts the routes. The modules' graph has no circle
// (decision 104, test/architecture/module-cycles.test.ts): a module uses only modules below it.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { Db, DbHandle } from '../db/index.ts';
import type { ServerSecret } from '../db/server-secrets.ts';
import type { SecretBox } from '../identity/secret-box.ts';
import type { DocumentCache } from '../lib/document-cache.ts';
import type { ReadCache } from '../read-cache/index.ts';
import type { WorkGauge } from '../lib/work-gauge.ts';
import type { TokenKeys } from '../lib/signed-tokens.ts';
import type { BlobStore } from '../ports/blobs/index.ts';
import type { MailPort } from '../ports/mail/index.ts';
import type { DomainEvents } from './domain-events.ts';

/** The identity provider as modules see it: deleting an account's identity user. */
export type IdentityAccounts = { deleteUser(sub: string): Promise<void> };

/** Everything a module may declare it needs; `app.ts` builds each once. */
export type Ports = {
  config: Config;
  database: DbHandle;
  db: Db;
  blobs: BlobStore;
  mail: MailPort;
  events: DomainEvents;
  identity: IdentityAccounts;
  log: FastifyBaseLogger;
  /** The tests' notion of now; undefined means the system clock. */
  clock: (() => Date) | undefined;
  readCache: ReadCache;
  /** Documents that depend only on their input, rendered once per process (decision 068). */
  documents: DocumentCache;
  /** The keys of one kind of signed token, the same in every process (decision 047); loaded on first use. */
  tokenKeys: (secret: ServerSecret) => () => Promise<TokenKeys>;
  /** Seals what the server must read back but a database dump must not reveal (webhook secrets; decision 111). */
  secrets: SecretBox;
  /** Counts a background job's runs while they run (the metrics' job queue depth; decision 077). */
  work: WorkGauge;
};

/**
 * The public API of each module by name, as `use` answers it. A module with an API adds itself here
 * from its own index.ts (declaration merging, the one place an interface is needed), so adding a
 * module is its folder plus one line in app.ts.
 */
// eslint-disable-next-line @typescript-eslint/consistent-type-definitions, @typescript-eslint/no-empty-object-type
export interface ModuleApis {}

export type ModuleName = keyof ModuleApis;

/** What a module's setup returns as its API: its entry in ModuleApis, or nothing. */
type ApiOf<N extends string> = N extends ModuleName ? ModuleApis[N] : Record<never, never>;

export type Use = {
  <N extends ModuleName>(name: N): ModuleApis[N];
  <N extends ModuleName, K extends keyof ModuleApis[N]>(name: N, part: K): ModuleApis[N][K];
};

export type ModuleKit<P extends keyof Ports> = Pick<Ports, P> & {
  /**
   * Another module's public API, or one part of it. What this returns looks up the API when a
   * property is read, so it may be handed on during setup; read during setup, it answers only for a
   * module listed before this one (a module above hands its rules to one below that way, decision 104).
   */
  use: Use;
  /** Work to do when the server closes: `preClose` before connections end, `onClose` after. */
  onClose(hook: 'preClose' | 'onClose', run: () => Promise<unknown> | unknown): void;
};

/**
 * A part that module `by`, listed above module `into`, hands in at its setup (decision 104): the lower
 * module calls it without using the upper one. Asked for before it was handed in, the wiring is wrong,
 * so it says so instead of skipping the rule.
 */
export function handedIn<T>(by: string, into: string) {
  let part: T | null = null;
  return {
    set: (value: T) => void (part = value),
    get: (): T => {
      if (!part) throw new Error(`the ${by} module has not handed its rules to the ${into} module`);
      return part;
    },
  };
}

export type ModuleParts<Api> = { api: Api; routes?: FastifyPluginAsyncZod };

export type ApiModule<N extends string = string> = {
  readonly name: N;
  readonly ports: readonly (keyof Ports)[];
  setup(kit: ModuleKit<keyof Ports>): Promise<ModuleParts<unknown>> | ModuleParts<unknown>;
};

export function defineModule<const N extends string, const P extends keyof Ports>(definition: {
  name: N;
  ports: readonly P[];
  setup: (kit: ModuleKit<P>) => Promise<ModuleParts<ApiOf<N>>> | ModuleParts<ApiOf<N>>;
}): ApiModule<N> {
  return definition as ApiModule<N>;
}

/**
 * Builds every module from the ports it declared, then registers the routes in list order; answers
 * `use` for what the composition root itself needs from a module (the web app's page checks).
 */
export async function registerModules(app: FastifyInstance, ports: Ports, modules: readonly ApiModule[]): Promise<Use> {
  const apis = new Map<string, unknown>();
  const resolve = (name: string, part: PropertyKey | undefined) => {
    const api = apis.get(name) as Record<PropertyKey, unknown> | undefined;
    if (!api) throw new Error(`module ${name} is used before it is built, or not listed`);
    return (part === undefined ? api : api[part]) as Record<PropertyKey, unknown>;
  };
  const use = ((name: string, part?: PropertyKey) =>
    new Proxy(
      {},
      {
        get: (_target, key) => resolve(name, part)[key],
        has: (_target, key) => key in resolve(name, part),
      },
    )) as Use;
  const routes: FastifyPluginAsyncZod[] = [];
  for (const module of modules) {
    if (apis.has(module.name)) throw new Error(`module ${module.name} is listed twice`);
    const declared = Object.fromEntries(module.ports.map((port) => [port, ports[port]])) as Ports;
    const parts = await module.setup({
      ...declared,
      use,
      onClose: (hook, run) => app.addHook(hook, async () => run()),
    });
    apis.set(module.name, parts.api ?? {});
    if (parts.routes) routes.push(parts.routes);
  }
  for (const plugin of routes) await app.register(plugin);
  return use;
}
