/**
 * Configuration: the only module that reads the environment. Everything else receives a `Config`.
 * Secrets that the operator did not provide are generated once and persisted under DATA_DIR, so that
 * `bun run start` needs no setup and tokens / encrypted data survive restarts.
 */
import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import './lib/zod-locale.ts';
import { loadPersistedSecrets } from './boot/persisted-secrets.ts';

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== '' ? value.trim() : undefined));

const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((value) => value === '1' || value === 'true');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalText.pipe(
    z.string().regex(/^postgres(ql)?:\/\//, 'deve começar com postgres:// ou postgresql://').optional(),
  ),
  PUBLIC_URL: optionalText.pipe(z.url().optional()),
  TELEGRAM_API_ROOT: z.url().default('https://api.telegram.org'),
  META_GRAPH_URL: z.url().default('https://graph.facebook.com'),
  /** Graph API version of the Conversions API calls (docs/telegram.md#meta-capi), e.g. v21.0. */
  META_GRAPH_VERSION: z.string().trim().regex(/^v\d+\.\d+$/, 'deve ter a forma v21.0').default('v21.0'),
  JWT_SECRET: optionalText.pipe(z.string().min(32, 'deve ter no mínimo 32 caracteres').optional()),
  ENCRYPTION_KEY: optionalText.pipe(
    z.string().regex(/^[0-9a-fA-F]{64}$/, 'deve ter 64 caracteres hexadecimais (32 bytes)').optional(),
  ),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  /** This instance's name across its restarts (docs/decisions.md#scale-out): a restart takes over its own leases at once. */
  INSTANCE_ID: optionalText.pipe(
    z.string().max(200, 'deve ter no máximo 200 caracteres').regex(/^[\w.:@-]+$/, 'deve conter apenas letras, números e . _ : @ -').optional(),
  ),
  SKIP_CLIENT_BUILD: flag,
  /** Lets flow http_request nodes reach loopback and private networks (docs/decisions.md#d-flow-engine: refused by default). */
  FLOW_HTTP_ALLOW_PRIVATE: flag,
  /** Behind a reverse proxy: the client address is the X-Forwarded-For entry the proxy appended (login throttling). */
  TRUST_PROXY: flag,
  /** Live event streams one account keeps open on a process; a new one closes the oldest (docs/decisions.md#stream-cap). */
  LIVE_STREAMS_PER_ACCOUNT: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Megabytes of uploaded files one account may keep (docs/decisions.md#media-quota). */
  MEDIA_QUOTA_MB: z.coerce.number().int().min(1).max(10_000_000).default(2048),
  /** Accounts one client address may create before registration waits grow (docs/decisions.md#registration). */
  REGISTRATIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(10),
  /** Requests one API key may make per minute on one instance, in bursts up to the same number (modules/api-keys/throttle.ts). */
  API_KEY_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  /** VAPID contact of web push (docs/decisions.md#web-push): a mailto: or https: address push services may write to. */
  PUSH_SUBJECT: optionalText.pipe(z.string().regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'deve ser mailto:… ou https://…').optional()),
  /** Password reset by e-mail (docs/decisions.md#password-reset): smtp://user:password@host:587 or smtps://…:465. */
  SMTP_URL: optionalText.pipe(z.string().regex(/^smtps?:\/\/[^/\s]+/, 'deve começar com smtp:// ou smtps://').optional()),
  /** Sender of those e-mails, e.g. "Canalize <nao-responda@exemplo.com>". */
  MAIL_FROM: optionalText.pipe(z.string().max(300, 'deve ter no máximo 300 caracteres').regex(/^[^\r\n]*@[^\r\n]*$/, 'deve ser um endereço de e-mail, ex.: Canalize <nao-responda@exemplo.com>').optional()),
  /** Tests only: accept http:// push endpoints on loopback (a local fake push service); production needs https. */
  PUSH_ALLOW_LOOPBACK: flag,
  /** Tests only: an http:// PUBLIC_URL on loopback still means webhook mode (a local load balancer); production needs https. */
  WEBHOOK_ALLOW_LOOPBACK: flag,
});

export type LogLevel = (typeof LOG_LEVELS)[number];

export type Config = {
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string | undefined;
  telegramApiRoot: string;
  metaGraphUrl: string;
  metaGraphVersion: string;
  jwtSecret: string;
  /** 32-byte AES-256-GCM key. */
  encryptionKey: Uint8Array;
  logLevel: LogLevel;
  /**
   * INSTANCE_ID, else the host's name and a hash of the resolved DATA_DIR: the same across this instance's restarts,
   * different for every instance running at once (each has its own DATA_DIR, docs/deploy.md#instances).
   */
  instanceId: string;
  skipClientBuild: boolean;
  flowHttpAllowPrivate: boolean;
  trustProxy: boolean;
  registrationsPerAddress: number;
  apiKeyRequestsPerMinute: number;
  mediaQuotaBytes: number;
  liveStreamsPerAccount: number;
  /** VAPID `sub`: PUSH_SUBJECT, else PUBLIC_URL when https, else a placeholder mailto. */
  pushSubject: string;
  pushAllowLoopback: boolean;
  webhookAllowLoopback: boolean;
  /** SMTP_URL: password reset e-mails are sent only with one. */
  smtpUrl: string | undefined;
  /** MAIL_FROM, else nao-responda@ the PUBLIC_URL's host (or localhost). */
  mailFrom: string;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(withoutEmpty(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.') || '?'}: ${issue.message}`);
    throw new ConfigError(`Configuração inválida:\n  ${lines.join('\n  ')}`);
  }
  const values = parsed.data;
  const secrets = loadPersistedSecrets(values.DATA_DIR, {
    jwtSecret: values.JWT_SECRET,
    encryptionKeyHex: values.ENCRYPTION_KEY,
  });
  return {
    port: values.PORT,
    dataDir: values.DATA_DIR,
    databaseUrl: values.DATABASE_URL,
    publicUrl: values.PUBLIC_URL,
    telegramApiRoot: values.TELEGRAM_API_ROOT.replace(/\/+$/, ''),
    metaGraphUrl: values.META_GRAPH_URL.replace(/\/+$/, ''),
    metaGraphVersion: values.META_GRAPH_VERSION,
    jwtSecret: secrets.jwtSecret,
    encryptionKey: Buffer.from(secrets.encryptionKeyHex, 'hex'),
    logLevel: values.LOG_LEVEL,
    instanceId: values.INSTANCE_ID ?? defaultInstanceId(values.DATA_DIR),
    skipClientBuild: values.SKIP_CLIENT_BUILD,
    flowHttpAllowPrivate: values.FLOW_HTTP_ALLOW_PRIVATE,
    trustProxy: values.TRUST_PROXY,
    registrationsPerAddress: values.REGISTRATIONS_PER_ADDRESS,
    apiKeyRequestsPerMinute: values.API_KEY_REQUESTS_PER_MINUTE,
    mediaQuotaBytes: values.MEDIA_QUOTA_MB * 1024 * 1024,
    liveStreamsPerAccount: values.LIVE_STREAMS_PER_ACCOUNT,
    pushSubject: values.PUSH_SUBJECT ?? (values.PUBLIC_URL?.startsWith('https://') ? values.PUBLIC_URL : 'mailto:push@canalize.invalid'),
    pushAllowLoopback: values.PUSH_ALLOW_LOOPBACK,
    webhookAllowLoopback: values.WEBHOOK_ALLOW_LOOPBACK,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM ?? `Canalize <nao-responda@${values.PUBLIC_URL ? new URL(values.PUBLIC_URL).hostname : 'localhost'}>`,
  };
}

function defaultInstanceId(dataDir: string): string {
  const directory = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 12);
  return `${hostname()}:${directory}`;
}

/** An empty variable (`PORT=`) means "not set": defaults apply instead of a parse error. */
function withoutEmpty(env: Record<string, string | undefined>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = env[key];
    if (value !== undefined && value !== '') result[key] = value;
  }
  return result;
}
