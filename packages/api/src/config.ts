import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { replicaUrlSchema } from './replica/targets.ts';

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes'].includes(v)));

const list = (fallback: string) =>
  z
    .string()
    .optional()
    .transform((v) =>
      (v ?? fallback)
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    );

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

/**
 * Which proxies are trusted to say who the client is, in a form Fastify's `trustProxy` takes safely: a number
 * of hops (the client is the address that many entries from the right of X-Forwarded-For; the proxy in front
 * appends what it saw, so everything left of that is the client's own claim) or the proxies' addresses and
 * CIDR ranges. `true` means one hop: never the left-most entry, which any client can write.
 */
export type TrustedProxies = false | number | string[];

const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

const TRUST_PROXY_HELP =
  "must be false, a number of proxy hops in front of the shop (true means 1), or a comma-separated list of the proxies' addresses or CIDR ranges such as 127.0.0.1,::1";

const trustProxy = z
  .string()
  .optional()
  .transform((v, context): TrustedProxies => {
    const value = (v ?? 'false').trim().toLowerCase();
    if (['false', 'no', '0'].includes(value)) return false;
    if (['true', 'yes'].includes(value)) return 1;
    if (/^\d{1,2}$/.test(value)) return Number(value);
    const entries = value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (entries.length === 0 || !entries.every(isProxyAddress)) {
      context.addIssue({ code: 'custom', message: TRUST_PROXY_HELP });
      return z.NEVER;
    }
    return entries;
  });

const timeZone = z.string().refine(
  (tz) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  },
  { error: 'must be an IANA time zone such as America/Chicago' },
);

/**
 * Every environment variable the shop reads, with its default. The README's configuration table mirrors this.
 * A fictional demo identity is the default so a fresh start shows a complete shop.
 */
export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  PUBLIC_URL: z.url({ error: 'must be an absolute URL such as https://shop.example.com' }).optional(),
  DEMO_DATA: bool(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy,

  SHOP_NAME: z.string().min(1).default('Prairie Hollow Native Nursery'),
  SHOP_ADDRESS: z.string().min(1).default('4180 County Road K, Millbrook, WI 54400'),
  SHOP_PHONE: z.string().min(1).default('(555) 201-3344'),
  SHOP_PHONE_2: z.string().min(1).default('(555) 201-3345'),
  SHOP_EMAIL: z.email({ error: 'must be an e-mail address' }).default('orders@prairiehollow.example'),
  SHOP_LATITUDE: z.coerce.number().min(-90).max(90).default(44.5133),
  SHOP_LONGITUDE: z.coerce.number().min(-180).max(180).default(-89.5746),
  SHOP_TIME_ZONE: timeZone.default('America/Chicago'),
  BRAND_FLAG_LABEL: z.string().min(1).default("Doug's"),
  // Three decimals at most (8.875): tax is reckoned in tenths of a basis point, and a finer rate would be
  // rounded without anyone noticing.
  TAX_RATE_PERCENT: z.coerce
    .number()
    .min(0)
    .max(100)
    .refine((n) => Math.abs(n * 1000 - Math.round(n * 1000)) < 1e-6, {
      error: 'must have at most three decimals, like 5.5 or 8.875',
    })
    .default(5.5),
  SEASON_START_MONTH: z.coerce.number().int().min(1).max(12).default(7),

  OIDC_ISSUER: z.url({ error: 'must be the issuer URL of an OpenID provider' }).optional(),
  OIDC_CLIENT_ID: z.string().min(1).default('nursery-shop'),
  OIDC_AUDIENCE: z.string().min(1).optional(),
  OIDC_EXTRA_SCOPES: z
    .string()
    .optional()
    .transform((v) => (v ?? '').split(/[\s,]+/).filter(Boolean)),
  STAFF_EMAILS: list(''),
  // Where else the admin app may run and sign in from: only Vite's dev server, set by `pnpm dev`. Never by
  // default, even on localhost: a registered origin may receive sign-in codes and call the token endpoint.
  DEV_APP_ORIGINS: list('').pipe(
    z.array(
      z.string().regex(/^https?:\/\/[^/?#\s]+$/, {
        error: 'must be origins such as http://localhost:5173, comma-separated',
      }),
    ),
  ),
  STAFF_ROLE_CLAIM: optionalText,

  PHOTO_HOSTS: list('live.staticflickr.com,.staticflickr.com'),
  PHOTO_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 1024 * 1024),
  PDF_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(20 * 1024 * 1024),
  // The catalogue spreadsheet's upload (CSV or .xlsx): a few hundred products is well under 1 MB.
  CATALOG_SHEET_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024),
  // How long a request may take to arrive whole (uploads excepted): a trickling body holds a connection.
  REQUEST_BODY_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  // One client address's orders an hour; 0 takes the budget off (a benchmark from one machine).
  ORDERS_PER_CLIENT_PER_HOUR: z.coerce.number().int().min(0).default(100),
  // How long the order writer's thread (orders/writerThread.ts) stays after the last storefront order. Orders
  // a few seconds apart keep one thread; after that its 20 MB or so go back before the server's own 5-second
  // quiet collection, and the next order starts a thread again (about 0.3 s on that order).
  ORDER_WRITER_IDLE_SECONDS: z.coerce.number().min(0).max(86_400).default(3),
  RESTORE_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024 * 1024),
  // How long the checks of a restored database (integrity, foreign keys) may take before it is refused.
  RESTORE_CHECK_SECONDS: z.coerce.number().positive().max(3600).default(300),

  // Webhook receivers on the shop's own network (private, loopback or link-local addresses, and plain http to
  // them): refused unless this is set, as a receiver inside the network is usually someone probing it.
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: bool(false),
  // Continuous copy of the database and media (docs/backup.md, "Continuous replica").
  REPLICA_URL: replicaUrlSchema,
  LITESTREAM_ACCESS_KEY_ID: optionalText,
  LITESTREAM_SECRET_ACCESS_KEY: optionalText,
  // The Litestream binary; the one the shop ships (linux-x64) when not set.
  LITESTREAM_PATH: optionalText,

  SMTP_URL: optionalText,
  MAIL_FROM: optionalText,
  OWNER_EMAIL: optionalText,
});

export type ShopConfig = ReturnType<typeof toShopConfig>;

function toShopConfig(env: z.infer<typeof envSchema>) {
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    publicUrl,
    demoData: env.DEMO_DATA,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    shop: {
      name: env.SHOP_NAME,
      address: env.SHOP_ADDRESS,
      phone: env.SHOP_PHONE,
      phone2: env.SHOP_PHONE_2,
      email: env.SHOP_EMAIL,
      latitude: env.SHOP_LATITUDE,
      longitude: env.SHOP_LONGITUDE,
      timeZone: env.SHOP_TIME_ZONE,
      brandFlagLabel: env.BRAND_FLAG_LABEL,
    },
    taxRateBasisPoints: Math.round(env.TAX_RATE_PERCENT * 1000) / 10,
    seasonStartMonth: env.SEASON_START_MONTH,
    oidc: {
      // No external issuer means the server runs its own provider on the same origin.
      embedded: env.OIDC_ISSUER === undefined,
      issuer: (env.OIDC_ISSUER ?? `${publicUrl}/oidc`).replace(/\/$/, ''),
      clientId: env.OIDC_CLIENT_ID,
      audience: env.OIDC_AUDIENCE ?? `${publicUrl}/api`,
      extraScopes: env.OIDC_EXTRA_SCOPES,
      devAppOrigins: env.DEV_APP_ORIGINS,
      staffEmails: env.STAFF_EMAILS.map((e) => e.toLowerCase()),
      staffRoleClaim: env.STAFF_ROLE_CLAIM,
    },
    photos: { hosts: env.PHOTO_HOSTS.map((h) => h.toLowerCase()), maxBytes: env.PHOTO_MAX_BYTES },
    pdfMaxBytes: env.PDF_MAX_BYTES,
    catalogSheetMaxBytes: env.CATALOG_SHEET_MAX_BYTES,
    restoreMaxBytes: env.RESTORE_MAX_BYTES,
    ordersPerClientPerHour: env.ORDERS_PER_CLIENT_PER_HOUR,
    orderWriterIdleMs: Math.round(env.ORDER_WRITER_IDLE_SECONDS * 1000),
    requestBodyTimeoutMs: env.REQUEST_BODY_TIMEOUT_SECONDS * 1000,
    restoreCheckMs: Math.round(env.RESTORE_CHECK_SECONDS * 1000),
    webhooks: { allowPrivateAddresses: env.WEBHOOK_ALLOW_PRIVATE_ADDRESSES },
    replica:
      env.REPLICA_URL.length === 0
        ? null
        : {
            // Keys in the address win; otherwise Litestream's own variables serve both it and the media copy.
            targets: env.REPLICA_URL.map((t) =>
              t.kind === 's3' && !t.accessKeyId
                ? {
                    ...t,
                    accessKeyId: env.LITESTREAM_ACCESS_KEY_ID,
                    secretAccessKey: env.LITESTREAM_SECRET_ACCESS_KEY,
                  }
                : t,
            ),
            litestreamPath: env.LITESTREAM_PATH,
          },
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? env.SHOP_EMAIL,
      ownerEmail: env.OWNER_EMAIL ?? env.SHOP_EMAIL,
    },
  };
}

export class ConfigError extends Error {}

/** Reads the shop's configuration; a bad value stops the start with a message naming the variable. */
export function loadConfig(env: Record<string, string | undefined>): ShopConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const name = String(i.path[0] ?? 'configuration');
      return `  ${name}=${JSON.stringify(cleaned[name] ?? '')}: ${i.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return toShopConfig(parsed.data);
}
