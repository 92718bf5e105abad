export * from './limits.ts';
export * from './schemas/errors.ts';
export * from './schemas/config.ts';
export * from './schemas/health.ts';
export * from './schemas/invite-codes.ts';
export * from './countries.ts';
export * from './schemas/profiles.ts';
export * from './schemas/events.ts';
