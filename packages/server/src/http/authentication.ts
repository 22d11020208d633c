import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { refuseUnlessSuperAdmin } from './access';
import './route-kit';

/**
 * Authentication, declared like authorisation: a route is private unless its definition says it is
 * public (`config: publicRoute`, http/route-kit.ts). This one onRequest hook, added once by the
 * composition root, sets request.principal or answers 401 for every private route, and refuses a
 * super-admin route to everyone else (403) before its input is read. Requests no route matched
 * (the not-found handler: 404, or the console's page) pass untouched.
 */
export function authenticateUnlessPublic(authenticate: (request: FastifyRequest) => Promise<unknown>): onRequestAsyncHookHandler {
  return async function authenticateUnlessPublic(request) {
    if (request.is404 || request.routeOptions.config.public === true) return;
    await authenticate(request);
    refuseUnlessSuperAdmin(request);
  };
}

/**
 * For plugins of someone else's (static files, the API document's page) whose route options take
 * no config of ours: `await registerPublic(() => app.register(plugin, options))` marks every route
 * the plugin adds while it registers public.
 */
export function publicRegistrar(app: FastifyInstance): (register: () => PromiseLike<unknown>) => Promise<void> {
  let marking = false;
  app.addHook('onRoute', (route) => {
    if (marking) route.config = { ...route.config, public: true };
  });
  return async (register) => {
    marking = true;
    try {
      await register();
    } finally {
      marking = false;
    }
  };
}
