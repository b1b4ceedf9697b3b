import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { RouteHandle } from './Root';
import { RouteError } from './RouteError';

export type ScreenModule = () => Promise<{ default: ComponentType }>;

/** A screen is a lazy chunk with its own error boundary and a translated title (a literal key). */
export function screen(path: string | undefined, title: string, load: ScreenModule): RouteObject {
  const handle: RouteHandle = { title };
  return {
    ...(path === undefined ? { index: true } : { path }),
    handle,
    errorElement: <RouteError />,
    lazy: async () => ({ Component: (await load()).default }),
  } as RouteObject;
}
