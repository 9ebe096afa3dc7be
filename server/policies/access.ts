import type { FastifyInstance, RouteOptions } from 'fastify';

/**
 * Who may call a route, declared where the route is (docs/decisions/0058-lists-follow-schema.md): a
 * staff route by the guard it runs behind (server/staff/guards.ts), a route anyone may call by
 * `config: PUBLIC`. tests/api/route-coverage.test.ts reads every registered route's access from the
 * app's route table; a route that declares none fails it, named.
 */
export type Access = 'public' | 'staff' | 'moderator' | 'admin';
export type StaffAccess = Exclude<Access, 'public'>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Declared on a route anyone may call, without a token; a staff route's guard says who may call it. */
    access?: 'public';
  }
}

/** The route option (`config`) of a route anyone may call. */
export const PUBLIC = { access: 'public' } as const;

const guarded = new WeakMap<object, StaffAccess>();

/** Marks `guard` as the pre-handler that lets in `access`, so a route running it declares that access. */
export function guardFor<T extends object>(access: StaffAccess, guard: T): T {
  guarded.set(guard, access);
  return guard;
}

/** A route's access: the guard among its hooks, or `config: PUBLIC`; undefined when it declares neither. */
export function accessOf(route: Pick<RouteOptions, 'onRequest' | 'preValidation' | 'preHandler' | 'config'>): Access | undefined {
  for (const hook of [route.onRequest, route.preValidation, route.preHandler].flat()) {
    const access = hook ? guarded.get(hook) : undefined;
    if (access) return access;
  }
  return route.config?.access;
}

/** Every route registered in `scope` from here on is public: the routes plugins register (the OpenAPI UI, static files, the pages). */
export function publicScope(scope: FastifyInstance): void {
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, ...PUBLIC };
  });
}
