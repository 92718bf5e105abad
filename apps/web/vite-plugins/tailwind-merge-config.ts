// tailwind-merge configured for the classes the app writes, not every class Tailwind knows.
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { createTailwindMerge, getDefaultConfig, validators, type Config as TwConfig } from 'tailwind-merge';

/** apps/web, where the paths below start. */
const webRoot = path.resolve(import.meta.dirname, '..');

/** Every whitespace-separated word inside a string literal of src/: the classes the app writes. */
export function classTokens(dir = path.join(webRoot, 'src')): Set<string> {
  const tokens = new Set<string>();
  const visit = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        for (const match of fs.readFileSync(full, 'utf8').matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g))
          for (const token of (match[1] ?? match[2] ?? match[3] ?? '').split(/\s+/))
            if (/^[!\w:[\]/.%#()=&>*@,-]+$/.test(token)) tokens.add(token);
      }
    }
  };
  visit(dir);
  return tokens;
}

/** The default configuration restricted to the class groups that `tokens` use. */
export function reducedTailwindMergeConfig(tokens: Iterable<string>): TwConfig<string, string> {
  const full = getDefaultConfig();
  // A class without its variants (sm:, hover:) and important marks; classes of a group repeat-merge.
  const bases = new Set<string>();
  for (const token of tokens) {
    const base = token.replace(/^(?:[^:[\]]+:|\[[^\]]*\]:)+/, '').replace(/^!|!$/g, '');
    if (base) bases.add(base);
  }
  const kept = Object.keys(full.classGroups).filter((group) => {
    const single = createTailwindMerge(() => ({
      ...full,
      cacheSize: 0,
      classGroups: { [group]: full.classGroups[group as keyof typeof full.classGroups] },
      conflictingClassGroups: {},
      conflictingClassGroupModifiers: {},
      postfixLookupClassGroups: [],
    }));
    for (const base of bases) if (single(`${base} ${base}`) === base) return true;
    return false;
  });
  const keep = new Set(kept);
  const pick = <T extends Record<string, unknown>>(record: T) =>
    Object.fromEntries(Object.entries(record).filter(([group]) => keep.has(group)));
  return {
    ...full,
    classGroups: pick(full.classGroups),
    conflictingClassGroups: Object.fromEntries(
      Object.entries(pick(full.conflictingClassGroups)).map(([group, others]) => [
        group,
        (others as string[]).filter((other) => keep.has(other)),
      ]),
    ),
    conflictingClassGroupModifiers: pick(full.conflictingClassGroupModifiers),
    postfixLookupClassGroups: (full.postfixLookupClassGroups ?? []).filter((group) => keep.has(group)),
  } as TwConfig<string, string>;
}

/** JavaScript source of a tailwind-merge configuration: validators and theme getters by name. */
function configSource(config: TwConfig<string, string>): string {
  const validatorNames = new Map<unknown, string>(Object.entries(validators).map(([name, fn]) => [fn, name]));
  const toCode = (value: unknown): string => {
    if (typeof value === 'function') {
      const name = validatorNames.get(value);
      if (name) return `validators.${name}`;
      if ((value as { isThemeGetter?: boolean }).isThemeGetter) {
        let key: string | symbol = '';
        (value as (theme: object) => unknown)(new Proxy({}, { get: (_target, k) => ((key = k), []) }));
        return `fromTheme(${JSON.stringify(key)})`;
      }
      throw new Error(`tailwind-merge configuration holds an unknown function: ${String(value).slice(0, 80)}`);
    }
    if (Array.isArray(value)) return `[${value.map(toCode).join(',')}]`;
    if (value && typeof value === 'object')
      return `{${Object.entries(value)
        .map(([key, v]) => `${JSON.stringify(key)}:${toCode(v)}`)
        .join(',')}}`;
    return JSON.stringify(value) ?? 'undefined';
  };
  return `import { fromTheme, validators } from 'tailwind-merge';\nexport default ${toCode(config)};\n`;
}

/**
 * `virtual:tailwind-merge-config`: tailwind-merge's default configuration, which describes every
 * Tailwind utility (~8 kB gzip in the first chunk), restricted to the class groups of the classes
 * written in src/ (the words Tailwind's own scan finds, so a class the app can use at all). cn()
 * then merges every one of those classes as the full configuration does; src/lib/utils.test.ts
 * compares both over every pair of them. Also in the unit tests (vitest.config.ts).
 */
export function tailwindMergeConfig(): Plugin {
  const id = 'virtual:tailwind-merge-config';
  return {
    name: 'sp:tailwind-merge-config',
    resolveId: (source) => (source === id ? `\0${id}` : null),
    load(loaded) {
      if (loaded !== `\0${id}`) return null;
      return configSource(reducedTailwindMergeConfig(classTokens()));
    },
  };
}
