import { createContext } from 'react-router';
import type { WebLoadContext } from '../contract/index.ts';

/** What the server gives every loader (the settings and the services, called in-process): `context.get(webContext)`. */
export const webContext = createContext<WebLoadContext>();
