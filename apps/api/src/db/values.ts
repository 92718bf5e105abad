// The few value conversions that differ between SQLite and PostgreSQL, used only by repositories.
import type { DbBool, DbCount, DbTime } from './schema.ts';

export const toDbTime = (date: Date): string => date.toISOString();
export const fromDbTime = (value: DbTime): Date => (value instanceof Date ? value : new Date(value));
export const fromDbTimeOrNull = (value: DbTime | null): Date | null => (value === null ? null : fromDbTime(value));
export const toDbBool = (value: boolean): number => (value ? 1 : 0);
export const fromDbBool = (value: DbBool): boolean => value === true || value === 1;
export const fromDbCount = (value: DbCount): number => Number(value);
