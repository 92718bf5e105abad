// Configuration from environment variables, validated once at boot: a wrong value stops the start
// with a message naming the variable and what it expects. `.env.example` documents every variable.
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  AGREEMENT_LIMITS,
  LANGUAGES,
  PRODUCT_NAME,
  SPONSOR_PROFILE_LIMITS,
  USER_POOL_ID_MAX,
  USER_POOL_ID_PATTERN,
} from '@sp/shared';
import type { AddressLimits } from './identity/address-limits.ts';
import type { ByteLimit, ByteLimits } from './plugins/byte-limit.ts';
import type { RateLimit, RateLimits } from './plugins/rate-limit.ts';

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** `<requests>/<seconds>` per client IP, or `off`. */
const rateLimit = z
  .string()
  .trim()
  .regex(/^(off|[1-9]\d{0,6}\/[1-9]\d{0,5})$/, 'requests/seconds such as 30/60, or off')
  .transform((v): RateLimit => {
    if (v === 'off') return null;
    const [max, seconds] = v.split('/').map(Number) as [number, number];
    return { max, windowMs: seconds * 1000 };
  });

/** `<megabytes>/<seconds>` of bodies per client IP, or off (decision 063). */
const byteLimit = z
  .string()
  .trim()
  .regex(/^(off|[1-9]\d{0,5}\/[1-9]\d{0,5})$/, 'megabytes/seconds such as 100/60, or off')
  .transform((v): ByteLimit => {
    if (v === 'off') return null;
    const [megabytes, seconds] = v.split('/').map(Number) as [number, number];
    return { maxBytes: megabytes * 1024 * 1024, windowMs: seconds * 1000 };
  });

const ZEnv = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'a postgres:// URL')
        .optional(),
    ),
    /** Redis for the request limits shared by every server process; without it each counts in memory. */
    REDIS_URL: optionalText.pipe(
      z
        .string()
        .regex(/^rediss?:\/\//, 'a redis:// or rediss:// URL')
        .optional(),
    ),
    /** Prefix of the limits' keys in Redis, so deployments (or test runs) sharing one Redis count apart. */
    REDIS_KEY_PREFIX: z
      .string()
      .regex(/^[\w:.-]{1,64}$/, 'letters, digits, and _ : . -')
      .default('sp-rate:'),
    SQLITE_STATEMENT_CACHE: z.coerce.number().int().min(0).max(100_000).default(500),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DEFAULT_LANGUAGE: z.enum(LANGUAGES).default('de'),
    TRUST_PROXY: z.enum(['true', 'false']).default('false'),
    USER_POOL_ID: z
      .string()
      .max(USER_POOL_ID_MAX)
      .regex(USER_POOL_ID_PATTERN, 'the form prefix_suffix')
      .default('local_SponsoringPlatform'),
    CLIENT_ID: z
      .string()
      .regex(/^[\w]{1,128}$/, 'letters, digits and underscores')
      .default('sponsoringwebclient'),
    COGNITO_USER_POOL_ID: optionalText.pipe(
      z.string().max(USER_POOL_ID_MAX).regex(USER_POOL_ID_PATTERN, 'the form region_suffix').optional(),
    ),
    COGNITO_CLIENT_ID: optionalText,
    COGNITO_REGION: optionalText.pipe(
      z
        .string()
        .regex(/^[a-z]{2}-[a-z]+-\d$/, 'an AWS region such as eu-central-1')
        .optional(),
    ),
    SMTP_URL: optionalText.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, 'an smtp:// or smtps:// URL')
        .optional(),
    ),
    // The sender's name is the product's (in the default language, German): one header for every recipient.
    MAIL_FROM: z.string().min(3).default(`${PRODUCT_NAME.de} <no-reply@localhost>`),
    MAILBOX_TOKEN: optionalText.pipe(
      z
        .string()
        .regex(/^[\w-]{16,128}$/, '16 to 128 letters, digits, - or _')
        .optional(),
    ),
    /** The bearer token of GET /metrics (Prometheus); without it there are no metrics (decision 077). */
    METRICS_TOKEN: optionalText.pipe(
      z
        .string()
        .regex(/^[\w-]{16,128}$/, '16 to 128 letters, digits, - or _')
        .optional(),
    ),
    LEGAL_OPERATOR_NAME: optionalText,
    LEGAL_ADDRESS: optionalText,
    LEGAL_REGISTER: optionalText,
    LEGAL_DIRECTORS: optionalText,
    LEGAL_CONTACT_EMAIL: optionalText,
    LEGAL_CONTACT_PHONE: optionalText,
    LEGAL_VAT_ID: optionalText,
    UPLOAD_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(64)
      .max(1024 * 1024 * 1024)
      .default(20 * 1024 * 1024),
    S3_BUCKET: optionalText.pipe(
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'an S3 bucket name')
        .optional(),
    ),
    S3_REGION: optionalText.pipe(
      z
        .string()
        .regex(/^[a-z0-9-]{2,32}$/, 'a region such as eu-central-1')
        .optional(),
    ),
    S3_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
    S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
    INVITATION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(7),
    SPONSOR_ACCESS_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
    AGREEMENT_RETENTION_YEARS: z.coerce.number().int().min(1).max(30).default(10),
    /** The platform's seal for signed agreements: a PKCS#12 file's path or its base64 (decision 025). */
    AGREEMENT_SIGNING_P12: optionalText,
    AGREEMENT_SIGNING_P12_PASSPHRASE: z.string().default(''),
    /**
     * Seals two-factor secrets in the database (decision 045) and keys the server's signed tokens
     * (decision 047), with either identity provider: 32 random bytes as base64.
     */
    IDENTITY_SECRETS_KEY: optionalText.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9+/]{43}=$/, '32 bytes as base64, such as the output of openssl rand -base64 32')
        .optional(),
    ),
    /** The key before IDENTITY_SECRETS_KEY, while rotating: secrets sealed with it are sealed again at start. */
    IDENTITY_SECRETS_KEY_PREVIOUS: optionalText.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9+/]{43}=$/, '32 bytes as base64, the IDENTITY_SECRETS_KEY used until now')
        .optional(),
    ),
    /** How long a SIGTERM may take: open requests, jobs and mail finish, then the process exits (decision 076). */
    SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    /** Scheduled backups (decision 076): a folder per run under BACKUP_DIR, the newest BACKUP_KEEP kept. */
    BACKUP_DIR: optionalText,
    BACKUP_EVERY_HOURS: z.coerce.number().int().min(1).max(720).default(24),
    BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
    BACKUP_PASSPHRASE: optionalText,
    RATE_LIMIT_INVITE_CODE: rateLimit.prefault('30/60'),
    RATE_LIMIT_INVITATION_TOKEN: rateLimit.prefault('30/60'),
    RATE_LIMIT_GUEST_CHAT: rateLimit.prefault('600/60'),
    RATE_LIMIT_UPLOADS: rateLimit.prefault('120/60'),
    RATE_LIMIT_AGREEMENT_VERIFY: rateLimit.prefault('30/60'),
    RATE_LIMIT_CHECK_INS: rateLimit.prefault('120/60'),
    /** Counted views and clicks of the public sponsor wall per client address and window (decision 102). */
    RATE_LIMIT_WALL_STATS: rateLimit.prefault('120/60'),
    /** How often the wall's counts are written (decision 102): what a killed process can lose at most. */
    WALL_STATS_FLUSH_MS: z.coerce.number().int().min(50).max(600_000).default(5000),
    WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: z.enum(['true', 'false']).default('false'),
    WEBHOOKS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    RATE_LIMIT_UPLOAD_MB: byteLimit.prefault('100/60'),
    RATE_LIMIT_VERIFY_MB: byteLimit.prefault('20/60'),
    RATE_LIMIT_SIGN_IN_FAILURES: rateLimit.prefault('30/900'),
    RATE_LIMIT_SIGN_UPS: rateLimit.prefault('20/3600'),
    RATE_LIMIT_FORGOT_PASSWORD: rateLimit.prefault('20/3600'),
    RATE_LIMIT_CODE_SUBMISSIONS: rateLimit.prefault('30/900'),
  })
  .superRefine((env, ctx) => {
    // A budget smaller than its routes' largest body would refuse that body forever.
    const fits = (name: 'RATE_LIMIT_UPLOAD_MB' | 'RATE_LIMIT_VERIFY_MB', largest: number) => {
      const limit = env[name];
      if (limit && limit.maxBytes < largest)
        ctx.addIssue({ code: 'custom', path: [name], message: `must allow at least ${largest} bytes (one body)` });
    };
    fits('RATE_LIMIT_UPLOAD_MB', Math.max(env.UPLOAD_MAX_BYTES, SPONSOR_PROFILE_LIMITS.logoBytes));
    fits('RATE_LIMIT_VERIFY_MB', AGREEMENT_LIMITS.verifyBytes);
    const cognito = [env.COGNITO_USER_POOL_ID, env.COGNITO_CLIENT_ID, env.COGNITO_REGION];
    const given = cognito.filter((v) => v !== undefined).length;
    if (given !== 0 && given !== 3) {
      ctx.addIssue({
        code: 'custom',
        path: ['COGNITO_USER_POOL_ID'],
        message: 'COGNITO_USER_POOL_ID, COGNITO_CLIENT_ID and COGNITO_REGION must be set together',
      });
    }
    if (env.IDENTITY_SECRETS_KEY_PREVIOUS && !env.IDENTITY_SECRETS_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['IDENTITY_SECRETS_KEY'],
        message: 'IDENTITY_SECRETS_KEY (the new key) to be set with IDENTITY_SECRETS_KEY_PREVIOUS',
      });
    }
    const [backups, data] = [path.resolve(env.BACKUP_DIR ?? '/'), path.resolve(env.DATA_DIR)];
    if (env.BACKUP_DIR && (backups === data || backups.startsWith(data + path.sep))) {
      ctx.addIssue({ code: 'custom', path: ['BACKUP_DIR'], message: 'a folder outside DATA_DIR' });
    }
    if (env.BACKUP_DIR && (env.BACKUP_PASSPHRASE ?? '').length < 12) {
      ctx.addIssue({
        code: 'custom',
        path: ['BACKUP_PASSPHRASE'],
        message: 'a passphrase of at least 12 characters with BACKUP_DIR',
      });
    }
    if (env.S3_BUCKET && !env.S3_REGION) {
      ctx.addIssue({ code: 'custom', path: ['S3_REGION'], message: 'S3_REGION to be set with S3_BUCKET' });
    }
  });

export type Env = z.infer<typeof ZEnv>;

export type Config = {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** SQLite: prepared statements kept for reuse (0: none; the garbage-collection test drops them all). */
  sqliteStatementCache: number;
  /** REDIS_URL: the request limits' shared counters (decision 024); null counts in each process's memory. */
  redisUrl: string | null;
  redisKeyPrefix: string;
  logLevel: Env['LOG_LEVEL'];
  defaultLanguage: Env['DEFAULT_LANGUAGE'];
  trustProxy: boolean;
  /**
   * The deployment's secrets key (IDENTITY_SECRETS_KEY), or null for the one made at first start
   * under DATA_DIR/keys (the embedded default): it seals the identity secrets (two-factor secrets,
   * signing keys; decision 045) and keys the server's signed tokens (decision 047).
   */
  secrets: {
    key: Buffer | null;
    /** IDENTITY_SECRETS_KEY_PREVIOUS: the key being rotated away from, or null. */
    previousKey: Buffer | null;
  };
  identity:
    | {
        kind: 'builtin';
        userPoolId: string;
        clientId: string;
      }
    | { kind: 'cognito'; userPoolId: string; clientId: string; region: string };
  /** mailboxToken: the operator token of /dev/mailbox (MAILBOX_TOKEN, else random per start). */
  mail: { smtpUrl: string | undefined; from: string; mailboxToken: string };
  /** METRICS_TOKEN: the bearer token of GET /metrics, or null for no metrics at all (decision 077). */
  metricsToken: string | null;
  /**
   * Uploaded PDFs: at most maxBytes each, kept under DATA_DIR/files (local) or in an S3 bucket
   * (S3_BUCKET; credentials from the standard AWS environment).
   */
  files: {
    maxBytes: number;
    store:
      | { kind: 'local'; dir: string }
      | { kind: 's3'; bucket: string; region: string; endpoint: string | undefined; forcePathStyle: boolean };
  };
  /** How long links stay valid: team invitations, and sponsor invitations (the sponsor's guest access). */
  invitations: { teamTtlDays: number; sponsorAccessDays: number };
  /**
   * Signed agreements of a deleted organisation are kept for this many years after the end of the
   * calendar year they were signed in (10: §257 HGB, §147 AO; decision 010).
   */
  agreementRetentionYears: number;
  /**
   * The key that seals signed agreements (PAdES): a PKCS#12 given as a path or base64, or null for
   * the one made at first start under DATA_DIR/keys (the embedded default; decision 025).
   */
  agreementSigning: { p12: string | null; passphrase: string };
  /** Requests per client IP and window on the look-ups, the guest chat and uploads (decision 008). */
  rateLimits: RateLimits;
  /** Check-ins at the door per signed-in user and window, forged or not (decision 086). */
  checkInLimit: RateLimit;
  /** Counted views and clicks of the public wall per client address and window; over it not counted (decision 102). */
  wallStatsLimit: RateLimit;
  /** WALL_STATS_FLUSH_MS: the wall counter's batch interval. */
  wallStatsFlushMs: number;
  webhooks: {
    /** WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: the operator lets endpoints reach loopback, private and link-local addresses. */
    allowPrivateAddresses: boolean;
    /** WEBHOOKS_TIMEOUT_MS: how long one attempt waits for the receiver's answer. */
    timeoutMs: number;
  };
  /** Bytes of raw bodies per client IP and window: uploads and logos, the PDF verification (decision 063). */
  byteLimits: ByteLimits;
  /**
   * The identity provider's sliding windows per client address (IPv6 per /64), shared by every
   * server process through the database (decision 016).
   */
  addressLimits: AddressLimits;
  /** SHUTDOWN_TIMEOUT_SECONDS in ms: past it a shutdown ends the remaining connections and exits with 1. */
  shutdownTimeoutMs: number;
  /** BACKUP_DIR and the rest: the server's own backups, or null (the admin command is there either way). */
  backups: { dir: string; everyMs: number; keep: number; passphrase: string } | null;
  legal: {
    operatorName: string | null;
    address: string | null;
    register: string | null;
    directors: string | null;
    contactEmail: string | null;
    contactPhone: string | null;
    vatId: string | null;
  };
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? 'environment');
        const value = source[name];
        const shown = value === undefined ? 'not set' : `got ${JSON.stringify(value.slice(0, 80))}`;
        return `${name}: expected ${issue.message.replace(/^Invalid input: /, '')} (${shown})`;
      }),
    );
  }
  const env = parsed.data;
  const port = env.PORT;
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    port,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: env.DATABASE_URL,
    sqliteStatementCache: env.SQLITE_STATEMENT_CACHE,
    redisUrl: env.REDIS_URL ?? null,
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    logLevel: env.LOG_LEVEL,
    defaultLanguage: env.DEFAULT_LANGUAGE,
    trustProxy: env.TRUST_PROXY === 'true',
    secrets: {
      key: env.IDENTITY_SECRETS_KEY ? Buffer.from(env.IDENTITY_SECRETS_KEY, 'base64') : null,
      previousKey: env.IDENTITY_SECRETS_KEY_PREVIOUS ? Buffer.from(env.IDENTITY_SECRETS_KEY_PREVIOUS, 'base64') : null,
    },
    identity:
      env.COGNITO_USER_POOL_ID && env.COGNITO_CLIENT_ID && env.COGNITO_REGION
        ? {
            kind: 'cognito',
            userPoolId: env.COGNITO_USER_POOL_ID,
            clientId: env.COGNITO_CLIENT_ID,
            region: env.COGNITO_REGION,
          }
        : {
            kind: 'builtin',
            userPoolId: env.USER_POOL_ID,
            clientId: env.CLIENT_ID,
          },
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      mailboxToken: env.MAILBOX_TOKEN ?? randomBytes(24).toString('base64url'),
    },
    metricsToken: env.METRICS_TOKEN ?? null,
    files: {
      maxBytes: env.UPLOAD_MAX_BYTES,
      store:
        env.S3_BUCKET && env.S3_REGION
          ? {
              kind: 's3',
              bucket: env.S3_BUCKET,
              region: env.S3_REGION,
              endpoint: env.S3_ENDPOINT,
              forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
            }
          : { kind: 'local', dir: path.join(dataDir, 'files') },
    },
    invitations: { teamTtlDays: env.INVITATION_TTL_DAYS, sponsorAccessDays: env.SPONSOR_ACCESS_DAYS },
    agreementRetentionYears: env.AGREEMENT_RETENTION_YEARS,
    agreementSigning: { p12: env.AGREEMENT_SIGNING_P12 ?? null, passphrase: env.AGREEMENT_SIGNING_P12_PASSPHRASE },
    rateLimits: {
      inviteCode: env.RATE_LIMIT_INVITE_CODE,
      invitationToken: env.RATE_LIMIT_INVITATION_TOKEN,
      guestChat: env.RATE_LIMIT_GUEST_CHAT,
      uploads: env.RATE_LIMIT_UPLOADS,
      agreementVerify: env.RATE_LIMIT_AGREEMENT_VERIFY,
    },
    checkInLimit: env.RATE_LIMIT_CHECK_INS,
    wallStatsLimit: env.RATE_LIMIT_WALL_STATS,
    wallStatsFlushMs: env.WALL_STATS_FLUSH_MS,
    webhooks: {
      allowPrivateAddresses: env.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES === 'true',
      timeoutMs: env.WEBHOOKS_TIMEOUT_MS,
    },
    byteLimits: { uploadBytes: env.RATE_LIMIT_UPLOAD_MB, verifyBytes: env.RATE_LIMIT_VERIFY_MB },
    addressLimits: {
      signInFailures: env.RATE_LIMIT_SIGN_IN_FAILURES,
      signUps: env.RATE_LIMIT_SIGN_UPS,
      forgotPassword: env.RATE_LIMIT_FORGOT_PASSWORD,
      codeSubmissions: env.RATE_LIMIT_CODE_SUBMISSIONS,
    },
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    backups: env.BACKUP_DIR
      ? {
          dir: path.resolve(env.BACKUP_DIR),
          everyMs: env.BACKUP_EVERY_HOURS * 3_600_000,
          keep: env.BACKUP_KEEP,
          passphrase: env.BACKUP_PASSPHRASE ?? '',
        }
      : null,
    legal: {
      operatorName: env.LEGAL_OPERATOR_NAME ?? null,
      address: env.LEGAL_ADDRESS ?? null,
      register: env.LEGAL_REGISTER ?? null,
      directors: env.LEGAL_DIRECTORS ?? null,
      contactEmail: env.LEGAL_CONTACT_EMAIL ?? null,
      contactPhone: env.LEGAL_CONTACT_PHONE ?? null,
      vatId: env.LEGAL_VAT_ID ?? null,
    },
  };
}
