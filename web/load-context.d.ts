import type { WebLoadContext } from '../contract/index.ts';

declare module 'react-router' {
  interface AppLoadContext extends WebLoadContext {}
}
