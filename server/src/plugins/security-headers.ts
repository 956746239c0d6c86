// Single-origin mode (WEB_ROOT: this server serves the web, no nginx in front): every response
// carries the security headers nginx adds in the other deployments (nginx/nginx.conf.template,
// compared header by header in test/security-headers.test.ts), through @fastify/helmet.
// Helmet's other defaults are off so both deployments answer alike. HSTS only over HTTPS
// (a plain-HTTP answer must not pin a host to HTTPS); Permissions-Policy is not a helmet
// header, so it is set beside it.
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The CSP of nginx.conf.template, directive by directive. */
export const CSP_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'worker-src': ["'self'", 'blob:'],
};
export const HSTS = { maxAge: 31_536_000, includeSubDomains: true, preload: false } as const;
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=()';

async function securityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    strictTransportSecurity: HSTS,
    frameguard: { action: 'deny' },
    noSniff: true,
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    hidePoweredBy: false,
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    if (request.protocol !== 'https') reply.removeHeader('Strict-Transport-Security');
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
