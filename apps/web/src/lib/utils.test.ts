import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { classTokens } from '../../vite-plugins/tailwind-merge-config.ts';
import { cn } from './utils';

describe('cn', () => {
  it('merges every pair of the classes written in src/ as the full tailwind-merge configuration does', () => {
    const classes = [...classTokens()].filter((token) => twMerge(`${token} ${token}`) === token);
    expect(classes.length).toBeGreaterThan(200);
    const differences: string[] = [];
    for (const a of classes)
      for (const b of classes) {
        const input = `${a} ${b}`;
        if (cn(input) !== twMerge(input)) differences.push(`${input}: ${cn(input)} instead of ${twMerge(input)}`);
      }
    expect(differences.slice(0, 10)).toEqual([]);
    // Every pair of several hundred classes: seconds of CPU, more on a shared machine.
  }, 60_000);

  it('lets a later class win over an earlier one of the same group', () => {
    expect(cn('h-10 px-4 py-2 text-lg', 'h-9 px-3', 'text-2xl')).toBe('py-2 h-9 px-3 text-2xl');
  });
});
