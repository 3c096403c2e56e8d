// createApp(deps): the whole HTTP surface, without listen(), so tests drive it with supertest.
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import compression from 'compression';
import express from 'express';
import type { AppDeps } from './deps.ts';
import { siteSecurityHeaders } from './http/content-security-policy.ts';
import { apiNotFound, errorHandler } from './http/error-handler.ts';
import { healthRoutes, PROBE_PATHS } from './http/health.ts';
import { securityHeaders } from './http/security-headers.ts';
import { metricsEndpoint } from './http/metrics-endpoint.ts';
import { requestObserver, type TrustProxy } from './http/request-observer.ts';
import { alertPages } from './http/alert-pages.ts';
import { featuresRoutes } from './http/routes/features.routes.ts';
import { alertsRoutes } from './http/routes/alerts.routes.ts';
import { sameOriginOnly } from './http/same-origin.ts';
import { createSessionLayer } from './http/session.ts';
import { staticSite } from './http/static-site.ts';
import { mediaFiles } from './http/media-files.ts';
import { listingPages } from './http/listing-pages.ts';
import { messagePages } from './http/message-pages.ts';
import { onboardingPage } from './http/onboarding-page.ts';
import { authPage } from './http/auth-page.ts';
import { orderPages } from './http/order-pages.ts';
import { savedPages } from './http/saved-pages.ts';
import { kitPages } from './http/kit-pages.ts';
import { authRoutes } from './http/routes/auth.routes.ts';
import { adminRoutes } from './http/routes/admin.routes.ts';
import { devRoutes } from './http/routes/dev.routes.ts';
import { contactsRoutes } from './http/routes/contacts.routes.ts';
import { breedsRoutes } from './http/routes/breeds.routes.ts';
import { puppiesRoutes } from './http/routes/puppies.routes.ts';
import { popularReads } from './http/routes/popular-reads.ts';
import { favoritesRoutes } from './http/routes/favorites.routes.ts';
import { uploadsRoutes } from './http/routes/uploads.routes.ts';
import { sellersRoutes } from './http/routes/sellers.routes.ts';
import { paymentsRoutes } from './http/routes/payments.routes.ts';
import { ordersRoutes } from './http/routes/orders.routes.ts';
import { payoutsRoutes } from './http/routes/payouts.routes.ts';
import { webhooksRoutes } from './http/routes/webhooks.routes.ts';
import { hooksRoutes } from './http/routes/hooks.routes.ts';
import { contentRoutes } from './http/routes/content.routes.ts';
import { conversationsRoutes } from './http/routes/conversations.routes.ts';
import { moderationRoutes } from './http/routes/moderation.routes.ts';
import { breedersRoutes } from './http/routes/breeders.routes.ts';
import { parentsRoutes } from './http/routes/parents.routes.ts';
import { reviewsRoutes } from './http/routes/reviews.routes.ts';
import { cspReportRoutes } from './http/routes/csp-report.routes.ts';
import { insightsRoutes, viewBeacons } from './http/routes/insights.routes.ts';
import { insightsPages } from './http/insights-pages.ts';

type FrontDoor = (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void) => void;

export function createApp(deps: AppDeps): express.Express {
  const { config } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('query parser', 'simple');

  // First: each request's id (X-Request-Id), log line and duration (decision 0116).
  const observer = requestObserver(deps.log, deps.metrics, config.logs.slowMs, app.get('trust proxy fn') as TrustProxy);
  app.use(observer.middleware);
  // Probes next: a balancer asks every few seconds, and they need no session, body or headers. Only
  // their two paths step into their router (decision 0126).
  const health = healthRoutes(deps);
  app.use((req, res, next) => (PROBE_PATHS.has(req.path) ? health(req, res, next) : next()));
  // The headers that protect today's browsers, as helmet chose them (http/security-headers.ts); the CSP
  // is each page's own, set below the API (decision 0112). Legacy headers for IE, Flash and the old XSS
  // auditor are left out: each header costs every response, and these protect nobody any more.
  app.use(securityHeaders());
  // Compression wraps the response only when the client can use it.
  const compress = compression();
  app.use((req, res, next) => (req.headers['accept-encoding'] ? compress(req, res, next) : next()));
  // The catalogue's list: most of the traffic, answered before the layers it does not need (decisions
  // 0126, 0139); the catalogue's other routes come after the API's session layer.
  const reads = popularReads(deps.store, deps.now, observer, deps.log);
  // the puppy pages' view beacons of visitors without a session, at the same front door (decision 0135)
  const beacons = viewBeacons(deps, observer, app.get('trust proxy fn') as TrustProxy);
  app.use(reads.serve);
  if (deps.metrics && config.metrics.token) app.get('/metrics', metricsEndpoint(deps.metrics, config.metrics.token));

  const api = express.Router();
  // Before the origin check: the browser posts these itself, without cookies, and they change nothing
  // but the log; their own limits and body size keep them cheap (decision 0112).
  api.use(cspReportRoutes(deps));
  api.use(sameOriginOnly(config.publicApiUrl ? [config.publicSiteUrl] : []));
  // Provider webhooks verify signatures over the raw body: before the JSON parser.
  api.use(webhooksRoutes(deps));
  api.use(hooksRoutes(deps));
  api.use(express.json({ limit: '100kb' }));
  api.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  const sessions = createSessionLayer(deps);
  api.use(sessions.middleware);
  // The catalogue first: it is most of the traffic, and every router before it is a layer to pass.
  api.use(puppiesRoutes(deps, reads));
  api.use(breedsRoutes(deps));
  api.use(authRoutes(deps, sessions));
  api.use(adminRoutes(deps));
  if (!config.isProduction) api.use(devRoutes(deps));
  api.use(favoritesRoutes(deps));
  api.use(uploadsRoutes(deps));
  api.use(contactsRoutes(deps));
  api.use(conversationsRoutes(deps));
  api.use(moderationRoutes(deps));
  api.use(contentRoutes(deps));
  api.use(sellersRoutes(deps));
  api.use(breedersRoutes(deps));
  api.use(paymentsRoutes(deps));
  api.use(ordersRoutes(deps));
  api.use(reviewsRoutes(deps));
  api.use(parentsRoutes(deps));
  api.use(alertsRoutes(deps)); // saved searches and alerts (decision 0131)
  api.use(featuresRoutes(deps)); // featured listings (decision 0134)
  api.use(insightsRoutes(deps)); // listing views and the sellers' insights (decision 0135)
  api.use(payoutsRoutes(deps));
  api.use(apiNotFound);
  // answered here, not only by the app's handler below: inside /api, req.baseUrl still says /api when
  // the request's route template is measured (http/request-observer.ts)
  api.use(errorHandler(deps.log));
  app.use('/api', api);

  // Every answer outside the API carries a Content-Security-Policy: a page's own replaces this default.
  app.use(siteSecurityHeaders());
  if (deps.pages) app.use(listingPages(deps, deps.pages, sessions));
  if (deps.pages) app.use(messagePages(deps, deps.pages, sessions)); // /messages pages (decision 0090)
  if (deps.pages) app.use(onboardingPage(deps, deps.pages)); // local onboarding form (decision 0101)
  if (deps.pages) app.use(authPage(deps.pages)); // the login and register forms (decision 0123)
  if (deps.pages) app.use(orderPages(deps, deps.pages, sessions)); // /my-orders (decision 0125)
  if (deps.pages) app.use(savedPages(deps, deps.pages, sessions)); // /saved (decision 0132)
  // the marketing kit's page, and its share image, which needs no pages (decision 0136)
  app.use(kitPages(deps, deps.pages, sessions));
  if (deps.pages) app.use(insightsPages(deps, deps.pages, sessions)); // /insights (decision 0135)
  // /alerts, and its one-click unsubscribe POST, which works without the pages too (decision 0131)
  app.use(alertPages(deps, deps.pages, sessions));
  // uploads in object storage (decision 0095): served from the bucket; the local folder's files stay static
  if (deps.media) app.use(mediaFiles(deps.media));
  app.use(
    staticSite({
      ...deps.paths,
      studio: { settings: config.studio, siteUrl: config.publicSiteUrl },
      contentImagesDir: path.join(config.content.contentDir, 'images'),
    }),
  );
  app.use(errorHandler(deps.log));
  // The front door (decisions 0126, 0139): a GET of the catalogue's list is answered before Express's
  // own handling of the request, which alone cost a known answer more than the sending.
  // Express calls app.handle for every request (express/lib/express.js); it is not in its types.
  const express5 = app as unknown as { handle: FrontDoor };
  const handle = express5.handle.bind(app);
  express5.handle = (req, res, next) => {
    if (!reads.front(req, res) && !beacons.front(req, res)) handle(req, res, next);
  };
  return app;
}
