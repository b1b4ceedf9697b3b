import fs from 'node:fs';
import path from 'node:path';
import { langOfPage } from '@dropdesk/contract/constants';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ZodType } from 'zod';
import type { Config } from './config';
import { type Database, openDatabase } from './db/database';
import { readsDatabase } from './db/health';
import { migrateToLatest } from './db/migrate';
import { type CaptchaMaker, svgCaptchaMaker } from './lib/captcha';
import { type Clock, OffsetClock, systemClock } from './lib/clock';
import { createMailer, type Mailer } from './lib/mailer';
import { Refusal } from './lib/refusal';
import { SECURITY_HEADERS } from './lib/security-headers';
import { PayPasswords } from './modules/account';
import { accountRoutes } from './modules/account/account.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { allianceRoutes } from './modules/alliance/alliance.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { adminCatalogueRoutes } from './modules/catalogue/admin-catalogue.routes';
import { productRoutes } from './modules/catalogue/product.routes';
import { chainRoutes, chainWatcherPlugin } from './modules/chain';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { expressRoutes } from './modules/express/express.routes';
import { kycRoutes } from './modules/kyc/kyc.routes';
import { ledgerRoutes } from './modules/ledger';
import { merchantsAdminRoutes } from './modules/merchants-admin/merchants-admin.routes';
import { messageRoutes } from './modules/messages/messages.routes';
import { orderJobsPlugin } from './modules/orders';
import { adminOrderRoutes } from './modules/orders/admin-orders.routes';
import { orderRoutes } from './modules/orders/orders.routes';
import { overviewRoutes } from './modules/overview/overview.routes';
import { paymentRoutes } from './modules/payments/payments.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { securityRoutes } from './modules/security/security.routes';
import { shopRoutes } from './modules/shop/shop.routes';
import { statementRoutes } from './modules/statements';
import { VisitorIds } from './modules/store';
import { storeRoutes } from './modules/store/store.routes';
import { uploadRoutes } from './modules/uploads/uploads.routes';
import { withdrawalClockPlugin } from './modules/wallet';
import { walletRoutes } from './modules/wallet/wallet.routes';
import { authPlugin } from './plugins/auth';
import { clientErrorHandler, errorsPlugin, sendRefusal, ValidationFailure } from './plugins/errors';
import { idempotencyPlugin } from './plugins/idempotency';
import { connectRedis } from './plugins/redis';
import { testClockRoutes } from './plugins/test-clock';
import { seedDemo } from './seed';
import './plugins/types';

export interface AppDeps {
  clock?: Clock;
  database?: Database;
  mailer?: Mailer;
  captcha?: CaptchaMaker;
  /** Pino options; false silences the log (tests). */
  logger?: boolean | object;
}

const API_PREFIXES = ['/merchant/', '/admin/', '/store/', '/docs', '/uploads/', '/media/', '/healthz'];

/** The whole server, without listening: tests call buildApp() and inject requests. */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    ajv: undefined,
    clientErrorHandler,
  });

  const database =
    deps.database ??
    openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      onIdleError: (error) => app.log.warn({ err: error }, 'database: idle connection lost'),
    });
  const clock = deps.clock ?? (config.testClock ? new OffsetClock(config.testClockAt) : systemClock);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('clock', clock);
  app.decorate(
    'mailer',
    deps.mailer ??
      createMailer({
        db: database.db,
        clock,
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        log: (m) => app.log.info(m),
      }),
  );
  app.decorate('captcha', deps.captcha ?? svgCaptchaMaker);
  // The storefront's visitor ids: issued with its page (below), read by POST /store/visit.
  app.decorate('visitorIds', new VisitorIds(config.secret));
  app.addHook('onClose', async () => {
    if (!deps.database) await database.close();
  });

  await migrateToLatest(database);
  if (config.seedDemo) await seedDemo(database.db, clock, config);

  // Requests are validated by the contract's zod schemas; replies are shaped by them.
  app.setValidatorCompiler(({ schema }) => (data) => {
    const result = (schema as ZodType).safeParse(data);
    return result.success ? { value: result.data } : { error: new ValidationFailure(result.error.issues) };
  });
  app.setSerializerCompiler(({ schema }) => {
    if (schema instanceof ZodType) return (data) => JSON.stringify(schema.parse(data));
    return (data) => JSON.stringify(data);
  });

  await app.register(errorsPlugin);
  await app.register(helmet, SECURITY_HEADERS);
  // Shared counters in Redis when several instances run; if Redis fails, requests go through
  // unlimited rather than fail (skipOnError), and the log says so (plugins/redis.ts).
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, app.log) : null;
  if (redis) app.addHook('onClose', () => redis.close());
  await app.register(rateLimit, {
    global: false,
    ...(redis
      ? { redis: redis.client, nameSpace: `${config.redisPrefix}rate-limit:`, skipOnError: true }
      : {}),
    errorResponseBuilder: (_request, context) => {
      const error = new Error('rate limited') as Error & { statusCode: number; retryAfter: string };
      error.statusCode = 429;
      error.retryAfter = context.after;
      return error;
    },
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Dropdesk API', version: '0.1.0', description: 'Merchant, storefront and operator API' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  await app.register(authPlugin);
  await app.register(idempotencyPlugin);
  app.decorate('payPasswords', new PayPasswords({ db: database.db, clock, argon2: config.argon2 }));

  app.get('/healthz', { schema: { hide: true } }, async () => {
    await readsDatabase(database.db);
    return { code: 1, msg: 'ok', data: { status: 'ok' } };
  });

  await app.register(authRoutes);
  await app.register(accountRoutes);
  await app.register(securityRoutes);
  await app.register(uploadRoutes);
  await app.register(adminRoutes);
  await app.register(walletRoutes);
  await app.register(chainRoutes);
  await app.register(kycRoutes);
  await app.register(reportsRoutes);
  await app.register(statementRoutes);
  await app.register(ledgerRoutes);
  await app.register(adminCatalogueRoutes);
  await app.register(productRoutes);
  await app.register(storeRoutes);
  await app.register(paymentRoutes);
  await app.register(orderRoutes);
  await app.register(adminOrderRoutes);
  await app.register(dashboardRoutes);
  await app.register(messageRoutes);
  await app.register(shopRoutes);
  await app.register(expressRoutes);
  await app.register(allianceRoutes);
  await app.register(overviewRoutes);
  await app.register(merchantsAdminRoutes);
  await app.register(orderJobsPlugin);
  await app.register(chainWatcherPlugin);
  await app.register(withdrawalClockPlugin);
  await app.register(testClockRoutes);

  // The merchant app, when built, is served from the same port with an SPA fallback.
  const webIndex = path.join(config.webDist, 'index.html');
  const hasWeb = fs.existsSync(webIndex);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      // The web build writes x.br and x.gz beside each asset: send those to browsers that take them.
      preCompressed: true,
      // Hashed file names never change content: cache them for a year.
      setHeaders: (reply, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`))
          reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  // The storefront (apps/storefront), when built, under /s/ with its own SPA fallback below.
  const storefrontIndex = path.join(config.storefrontDist, 'index.html');
  const hasStorefront = fs.existsSync(storefrontIndex);
  if (hasStorefront) {
    await app.register(fastifyStatic, {
      root: config.storefrontDist,
      prefix: '/s/',
      wildcard: false,
      index: false,
      preCompressed: true,
      // reply.sendFile comes from the web's registration when there is one (decorated once only).
      decorateReply: !hasWeb,
      setHeaders: (reply, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`))
          reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  // The operator console (apps/admin), when built, under /console/ with its own SPA fallback below.
  const consoleIndex = path.join(config.consoleDist, 'index.html');
  const hasConsole = fs.existsSync(consoleIndex);
  if (hasConsole) {
    await app.register(fastifyStatic, {
      root: config.consoleDist,
      prefix: '/console/',
      wildcard: false,
      index: false,
      preCompressed: true,
      decorateReply: !hasWeb && !hasStorefront,
      setHeaders: (reply, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`))
          reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  // /login and /home are pages of their own (apps/web/src/login and src/home: prerendered per
  // language by apps/web/scripts/prerender.mjs, each with its own small script, not the app), in the
  // language its address names (`?lang=`, the page loading itself again in the merchant's), else of
  // the `lang` cookie the app mirrors from local storage, else the default language (contract
  // `langOfPage`). A partner's handoff (`?data=`) is the app's to run, so that one gets the app.
  const prerendered = path.join(config.webDist, 'login');
  const homePages = path.join(config.webDist, 'home');
  if (hasWeb && fs.existsSync(homePages)) {
    app.get('/home', { schema: { hide: true } }, (request, reply) =>
      reply
        .type('text/html')
        .header('cache-control', 'no-cache')
        .header('vary', 'cookie')
        .sendFile(`${langOfPage(request.url, request.headers.cookie)}.html`, homePages),
    );
  }
  if (hasWeb && fs.existsSync(prerendered)) {
    // The specification: the root path redirects to /login (its query kept).
    app.get('/', { schema: { hide: true } }, (request, reply) => {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      return reply.redirect(`/login${query}`, 302);
    });
    app.get('/login', { schema: { hide: true } }, (request, reply) => {
      if (new URLSearchParams(request.url.split('?')[1] ?? '').has('data'))
        return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
      const lang = langOfPage(request.url, request.headers.cookie);
      return reply
        .type('text/html')
        .header('cache-control', 'no-cache')
        .header('vary', 'cookie')
        .sendFile(`${lang}.html`, prerendered);
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((p) => url.startsWith(p));
    // A storefront page (/s/<shop>, /s/order/1...) gets the storefront's index.html; a missing
    // hashed asset stays a 404 rather than HTML under a script's name.
    const isStorefront = url === '/s' || url.startsWith('/s/');
    if (isStorefront && hasStorefront && request.method === 'GET' && !url.startsWith('/s/assets/')) {
      // A browser's first page of the storefront gets its visitor id (docs/dashboard.md "Visitors").
      app.visitorIds.setOnPage(request, reply);
      return reply
        .type('text/html')
        .header('cache-control', 'no-cache')
        .sendFile('index.html', config.storefrontDist);
    }
    // A console page (/console/, /console/orders/7...) gets the console's index.html; /console
    // itself is sent to /console/ (the console's base), and a missing hashed asset stays a 404.
    const isConsole = url === '/console' || url.startsWith('/console/');
    if (isConsole && hasConsole && request.method === 'GET' && !url.startsWith('/console/assets/')) {
      if (url === '/console') return reply.redirect('/console/', 302);
      return reply
        .type('text/html')
        .header('cache-control', 'no-cache')
        .sendFile('index.html', config.consoleDist);
    }
    if (!isApi && !isStorefront && !isConsole && hasWeb && request.method === 'GET') {
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendRefusal(request, reply, new Refusal('NOT_FOUND', undefined, 404));
  });

  return app;
}
