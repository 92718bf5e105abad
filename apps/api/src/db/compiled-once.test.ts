import { CompiledQuery, type Compilable } from 'kysely';
import { describe, expect, it } from 'vitest';
import { compiledShapesNotKept, createCompiledOnce } from './compiled-once.ts';

/** A query whose compile is counted; `literal` writes the value into the SQL text instead of binding it. */
function probe(value: number, literal = false) {
  const counted = { compiles: 0 };
  const build = (): Compilable<unknown> => ({
    compile: () => {
      counted.compiles++;
      const text = literal ? `select ${value} as v` : 'select ? as v';
      return CompiledQuery.raw(text, literal ? [] : [value]);
    },
  });
  return { build, counted };
}

describe('statements compiled once per shape', () => {
  it('compiles a shape once and runs it with each call’s values', () => {
    const compiled = createCompiledOnce();
    const first = probe(1);
    expect(compiled('one', [1], first.build)).toMatchObject({ sql: 'select ? as v', parameters: [1] });
    const second = probe(2);
    expect(compiled('one', [2], second.build)).toMatchObject({ sql: 'select ? as v', parameters: [2] });
    expect([first.counted.compiles, second.counted.compiles]).toEqual([1, 0]);
  });

  it('compiles every call of a shape whose values are not its parameters, and lists it', () => {
    const compiled = createCompiledOnce();
    const first = probe(7, true);
    expect(compiled('literal', [7], first.build).sql).toBe('select 7 as v');
    const second = probe(8, true);
    expect(compiled('literal', [8], second.build).sql).toBe('select 8 as v');
    expect(second.counted.compiles).toBe(1);
    expect(compiledShapesNotKept()).toContain('select 7 as v');
  });

  it('keeps shapes apart per instance (one per database: SQLite and PostgreSQL bind differently)', () => {
    const sqlite = createCompiledOnce();
    const postgres = createCompiledOnce();
    sqlite('one', [1], probe(1).build);
    const other = probe(2);
    postgres('one', [2], other.build);
    expect(other.counted.compiles).toBe(1);
  });
});
