import { useLocation } from 'react-router';
import { findRoute, type RouteName } from '@shared/navigation/routes.ts';

/** The route-table name of the current page. */
export function useRouteName(): RouteName | undefined {
  const { pathname } = useLocation();
  return findRoute(pathname)?.name as RouteName | undefined;
}
