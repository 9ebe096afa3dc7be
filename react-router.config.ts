import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'web',
  buildDirectory: 'build',
  ssr: true,
  // React Router 8's behaviour, opted into now. Loaders read the server's services from a router
  // context (web/context.ts); data requests name a trailing slash as `/_.data` and reach loaders
  // as sent, which server/plugins/page-cache.ts's `pagePath` takes into account.
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
