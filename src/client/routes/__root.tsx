import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { Fragment } from 'react';
import { ConfirmHost } from '../components/confirm';
import { NotFoundPage } from '../components/not-found-page';
import { Toaster } from '../components/toast';
import { useLocale } from '../lib/i18n';
import { useRouteFocus } from '../lib/route-focus';
import type { TrpcUtils } from '../lib/trpc';

export interface RouterContext {
  queryClient: QueryClient;
  trpcUtils: TrpcUtils;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
  notFoundComponent: NotFoundPage,
});

function Root() {
  // Messages are read while rendering, so a new locale re-mounts the pages (it changes rarely:
  // at login and when the account info arrives).
  const locale = useLocale();
  useRouteFocus();
  return (
    <>
      <Fragment key={locale}>
        <Outlet />
      </Fragment>
      <Toaster />
      <ConfirmHost />
    </>
  );
}
