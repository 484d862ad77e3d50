import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Public origin of the app, used in e-mail links and CORS. */
  APP_URL: z.string().url().optional(),
  /** Extra origins allowed by CORS, comma-separated. */
  CORS_ORIGINS: z.string().optional(),
  /**
   * The domain under which agencies with the custom_subdomain feature get their own address,
   * `{subdomain}.{BASE_DOMAIN}` (e.g. agenciacrm.com.br), with APP_URL's scheme and port. Unset
   * (development, `npm start`): no host redirects.
   */
  BASE_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^$|^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/, 'a domain name, e.g. agenciacrm.com.br')
    .transform((v) => v || undefined)
    .optional(),
  DATA_DIR: z.string().default(join(REPO_ROOT, '.data')),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Agência CRM <nao-responda@agenciacrm.com.br>'),
  JWT_SECRET: z.string().min(32).optional(),
  JWT_TTL_HOURS: z.coerce.number().int().positive().default(12),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_BASE: z.string().url().optional(),
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  /** Painéis da agência kept per process (a few kB each); 0 computes every request. */
  AGENCY_DASHBOARD_CACHE_ENTRIES: z.coerce.number().int().min(0).max(100_000).default(500),
  /**
   * Which peers may set X-Forwarded-For (the client address used by rate limits and logs):
   * 'loopback' (a proxy on the same machine), a hop count behind a load balancer ('1'), or
   * addresses/CIDRs ('10.0.0.0/8,172.16.0.0/12'); '0' trusts none. Never everyone: clients
   * would pick their own address.
   */
  TRUST_PROXY: z
    .string()
    .default('loopback')
    .refine((v) => v !== 'true', 'name the trusted proxies (loopback, a hop count or addresses), not true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** 'json': one JSON object per line (production, log collectors); 'pretty': readable lines. Default: pretty on a terminal. */
  LOG_FORMAT: z.enum(['pretty', 'json']).default(() => (process.stdout.isTTY ? 'pretty' : 'json')),
  /**
   * What this process runs: 'all' (HTTP and the job queue; `npm start`), 'api' (HTTP only: jobs
   * are enqueued for the workers) or 'worker' (the job queue and its schedules; over HTTP only
   * /healthz and /readyz). Several processes share one database, so api and worker need DATABASE_URL.
   */
  APP_ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  /**
   * On SIGTERM/SIGINT an API process answers /readyz 503 for this long before it stops taking
   * connections, so a load balancer sends it nothing new: 0 when nothing balances it, a few of the
   * balancer's health-check intervals behind one (e.g. 10000).
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(300_000).default(0),
  /** Then how long the requests in flight and the running jobs get to finish before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().max(600_000).default(20_000),
  WEB_DIST: z.string().default(join(REPO_ROOT, 'apps/web/dist')),
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  /** Also seed sample clients and attendances for Agência Demo (set by `npm start`; tests want an empty CRM). */
  SEED_SAMPLE_CRM: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /**
   * Where uploaded files live: 'local' keeps them under DATA_DIR/uploads (one machine); 's3' in an
   * S3-compatible bucket shared by every process. S3_ENDPOINT for a store other than AWS (MinIO,
   * R2...), where path-style URLs are the default; without the key pair, the SDK's own credential
   * chain (AWS_* variables, instance role).
   */
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  /** Brazilian postal-code lookup (ViaCEP protocol: GET {base}/{cep}/json/). */
  POSTAL_CODE_API_URL: z.string().url().default('https://viacep.com.br/ws'),
  POSTAL_CODE_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  /** Currency exchange rates in reais (AwesomeAPI protocol: GET {base}/last/USD-BRL,EUR-BRL). */
  EXCHANGE_RATE_API_URL: z.string().url().default('https://economia.awesomeapi.com.br/json'),
  EXCHANGE_RATE_TIMEOUT_MS: z.coerce.number().int().positive().default(8000),
  /** How often the system's automatic currency quotes are refreshed by the job queue; 0 turns it off. */
  CURRENCY_QUOTES_REFRESH_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60)
    .default(60),
  /** How often the notifications an agent also wants by e-mail are mailed; 0 turns the mails off. */
  NOTIFICATION_MAIL_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  /**
   * The shortest time between two refreshes asked for by users (update_quotes), all agencies
   * together: within it the answer is the quotes as they are. 0: every call asks the service.
   */
  CURRENCY_QUOTES_MANUAL_REFRESH_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  /** How often the sellers are told of the installments that became overdue (each once); 0 turns it off. */
  OVERDUE_SWEEP_INTERVAL_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 60)
    .default(60),
  /** How often the automatic follow-ups run (tasks for budgets not opened, trips starting...); 0 turns them off. */
  FOLLOW_UP_INTERVAL_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60)
    .default(60),
  /**
   * Flight lookup (AeroDataBox protocol: GET {base}/flights/number/{flight}/{date}, e.g.
   * https://aerodatabox.p.rapidapi.com). Without a URL and a key the lookup answers 503 and agents
   * type the flight by hand. The key goes in FLIGHT_API_KEY_HEADER (RapidAPI's by default;
   * API.market's is x-api-market-key).
   */
  FLIGHT_API_URL: z.union([z.literal(''), z.string().url()]).optional(),
  FLIGHT_API_KEY: z.string().optional(),
  FLIGHT_API_KEY_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, 'an HTTP header name')
    .default('X-RapidAPI-Key'),
  FLIGHT_API_TIMEOUT_MS: z.coerce.number().int().positive().default(8000),
  /**
   * Electronic signature of contracts (the d4sign feature), D4Sign's protocol: the API's base URL
   * (https://secure.d4sign.com.br/api/v1), its token and crypt key, the safe (cofre) documents go
   * to, and the secret of the HMAC its callbacks carry (Content-Hmac). Without URL, token, safe and
   * secret, sending for signature answers 503.
   */
  D4SIGN_URL: z.union([z.literal(''), z.string().url()]).optional(),
  D4SIGN_TOKEN: z.string().optional(),
  D4SIGN_CRYPT_KEY: z.string().optional(),
  D4SIGN_SAFE_ID: z.string().optional(),
  D4SIGN_CALLBACK_SECRET: z.string().optional(),
  D4SIGN_TIMEOUT_MS: z.coerce.number().int().positive().default(15000),
  /**
   * The Pipedrive integration (the pipedrive_deals feature): the API's base URL (tests point it at a
   * fake), the key that encrypts the agencies' tokens at rest (at least 32 characters, e.g.
   * `openssl rand -base64 32`; on the embedded default one is generated into DATA_DIR) and the
   * timeout of each call.
   */
  PIPEDRIVE_API_URL: z.string().url().default('https://api.pipedrive.com'),
  PIPEDRIVE_TOKEN_KEY: z.string().min(32).optional(),
  PIPEDRIVE_TIMEOUT_MS: z.coerce.number().int().positive().default(15000),
  /**
   * The NFS-e (the nfse feature) through the national issuer (Sefin Nacional): the base URL of its
   * homologation environment (where every agency starts: notes without fiscal value) and of
   * production (used once the owner switches the environment on the fiscal settings), a PEM file of
   * extra certificate authorities to trust for those servers (tests: the fake's CA), and the timeout
   * of each call.
   */
  NFSE_NATIONAL_URL: z.string().url().default('https://sefin.producaorestrita.nfse.gov.br/SefinNacional'),
  NFSE_NATIONAL_PRODUCTION_URL: z.string().url().default('https://sefin.nfse.gov.br/SefinNacional'),
  NFSE_CA_FILE: z.string().optional(),
  /** The gateway issuer (Focus NFe): homologation by default, production once the agency switches. */
  NFSE_GATEWAY_URL: z.string().url().default('https://homologacao.focusnfe.com.br'),
  NFSE_GATEWAY_PRODUCTION_URL: z.string().url().default('https://api.focusnfe.com.br'),
  NFSE_TIMEOUT_MS: z.coerce.number().int().positive().default(30000),
  /**
   * The nightly reconcile of every connected agency with Pipedrive: the time of day (HH:MM, empty:
   * never) in the time zone PIPEDRIVE_RECONCILE_TZ.
   */
  PIPEDRIVE_RECONCILE_AT: z.union([z.literal(''), z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM, 00:00 to 23:59')]).default('03:00'),
  PIPEDRIVE_RECONCILE_TZ: z
    .string()
    .refine((tz) => {
      try {
        return !!new Intl.DateTimeFormat('en-US', { timeZone: tz });
      } catch {
        return false;
      }
    }, 'an IANA time zone, e.g. America/Sao_Paulo')
    .default('America/Sao_Paulo'),
  /**
   * The key that seals document numbers at rest (AES-256-GCM, apps/api/src/document-numbers.ts):
   * any string of 32+ characters, e.g. `openssl rand -base64 32`, the same in every process. Unset
   * on the embedded default: one is generated into DATA_DIR. To rotate, set the new key here, the
   * old one in DATA_ENCRYPTION_PREVIOUS_KEYS (comma-separated) and run the reseal job once.
   */
  DATA_ENCRYPTION_KEY: z.string().min(32).optional(),
  DATA_ENCRYPTION_PREVIOUS_KEYS: z.string().optional(),
  /** Days the access logs (screen activity beacons) are kept; older ones are deleted daily. */
  ACCESS_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
});

/** Rules across variables, checked with the variables' own. */
const configSchema = envSchema.superRefine((env, ctx) => {
  if (env.APP_ROLE !== 'all' && !env.DATABASE_URL)
    ctx.addIssue({
      code: 'custom',
      path: ['DATABASE_URL'],
      message: `required with APP_ROLE=${env.APP_ROLE}: the embedded database (PGlite) lives inside one process and cannot be shared; use APP_ROLE=all or a PostgreSQL server`,
    });
  if (env.STORAGE_DRIVER === 's3' && !env.S3_BUCKET)
    ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'required with STORAGE_DRIVER=s3' });
  if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY)
    ctx.addIssue({ code: 'custom', path: ['S3_SECRET_ACCESS_KEY'], message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together' });
});

export type Config = z.infer<typeof envSchema> & { jwtSecret: string; appUrl: string };

/** Every environment variable, parsed and validated once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const cfg = parsed.data;
  return {
    ...cfg,
    jwtSecret: cfg.JWT_SECRET ?? localSecret(cfg.DATA_DIR),
    appUrl: cfg.APP_URL ?? `http://localhost:${cfg.PORT}`,
  };
}

/** Embedded default: a random secret kept beside the embedded data so sessions survive restarts. */
function localSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
