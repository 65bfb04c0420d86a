import routes from '@generated/routes';
import {matchRoutes} from 'react-router-config';

/**
 * Whether a path is one of the site's pages. The guides' docs plugin serves from "/", so its root
 * route matches every path; an unknown one ends on that root (not an exact route) and the theme
 * renders the not-found page inside it. A page always ends on an exact route.
 */
export function isKnownRoute(pathname: string): boolean {
  const branch = matchRoutes(routes, pathname);
  return branch.length > 0 && branch[branch.length - 1].route.exact === true;
}
