import { getRouteApi } from '@tanstack/react-router';
import { trpc, type AccountInfo } from './trpc';

const appRoute = getRouteApi('/_app');

/**
 * The logged-in user's account info. The /_app route loads it before anything authenticated
 * renders (spec §1), so inside that layout it is always there. Only `info` is selected: the
 * route's context is a new object after every navigation (its beforeLoad runs again, also for a
 * search-only change), and selecting all of it rendered the whole app layout (menu, breadcrumbs,
 * footer) again on each click of a tab or filter (decision 0282).
 */
export function useAccountInfo(): AccountInfo {
  const info = appRoute.useRouteContext({ select: (context) => context.info });
  return trpc.user.info.useQuery(undefined, { initialData: info, staleTime: Infinity }).data;
}

export const isAdmin = (info: Pick<AccountInfo, 'profileType'>) => info.profileType === 'Admin';
