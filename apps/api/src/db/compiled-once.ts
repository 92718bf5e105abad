// Statements on hot write paths whose SQL depends on a few choices (their shape), not on the values:
// compiled once per shape, then run with each call's values. Building and compiling the message
// insert and its conversation's update with Kysely was about a seventh of a message post's server
// time on SQLite (decision 057); preparedRead does the same for the hot reads (decision 013).
//
// The first compile of a shape checks that its parameters are exactly the values the caller names,
// in order. If not (a value written into the SQL text, a value bound twice), that shape is compiled
// on every call: slow, never wrong, and listed by `compiledShapesNotKept` for a test to catch.
import type { Compilable, CompiledQuery } from 'kysely';

const notKept = new Set<string>();

/**
 * Whether `compiled` binds exactly `values`, in order: then its SQL can be run again with other
 * values in their place (by preparedRead and by compiled shapes).
 */
export function bindsExactly(compiled: CompiledQuery<unknown>, values: readonly unknown[]): boolean {
  return (
    compiled.parameters.length === values.length && compiled.parameters.every((value, i) => Object.is(value, values[i]))
  );
}

/** The SQL of the shapes that could not be kept since the process started (a test expects none). */
export const compiledShapesNotKept = (): string[] => [...notKept];

/**
 * `compiled(shape, parameters, build)`: `build()` compiled, or the compile kept for `shape` with
 * `parameters` in place of its values. `parameters` must be the values `build` binds, in the order
 * the SQL binds them, and the SQL must depend on nothing but `shape`.
 */
export function createCompiledOnce() {
  const shapes = new Map<string, CompiledQuery<unknown> | null>();
  return function compiled<R>(
    shape: string,
    parameters: readonly unknown[],
    build: () => Compilable<R>,
  ): CompiledQuery<R> {
    const kept = shapes.get(shape) as CompiledQuery<R> | null | undefined;
    if (kept) return { ...kept, parameters };
    const fresh = build().compile();
    if (kept === undefined) {
      const same = bindsExactly(fresh, parameters);
      shapes.set(shape, same ? (fresh as CompiledQuery<unknown>) : null);
      if (!same) notKept.add(fresh.sql);
    }
    return fresh;
  };
}
