import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { RouteHandle } from './Root';
import { RouteError } from './RouteError';

export type ScreenModule = () => Promise<{ default: ComponentType }>;

/**
 * A screen is a lazy chunk with its own error boundary and a translated title. A feature with its
 * own texts (`features/x/texts.ts`) passes their loader: fetched beside the chunk, not after it.
 */
export function screen(
  path: string,
  title: string,
  load: ScreenModule,
  texts?: () => Promise<void>,
): RouteObject {
  const handle: RouteHandle = { title };
  return {
    path,
    handle,
    errorElement: <RouteError />,
    lazy: async () => {
      const [module] = await Promise.all([load(), texts?.()]);
      return { Component: module.default };
    },
  };
}
