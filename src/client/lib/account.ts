import { getRouteApi } from '@tanstack/react-router';
import { trpc, type AccountInfo } from './trpc';

const appRoute = getRouteApi('/_app');

/**
 * The logged-in user's account info. The /_app route loads it before anything authenticated
 * renders (spec §1), so inside that layout it is always there.
 */
export function useAccountInfo(): AccountInfo {
  const { info } = appRoute.useRouteContext();
  return trpc.user.info.useQuery(undefined, { initialData: info, staleTime: Infinity }).data;
}

export const isAdmin = (info: Pick<AccountInfo, 'profileType'>) => info.profileType === 'Admin';
