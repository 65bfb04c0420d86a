import {removedOperations, renamedOperations, type MovedPage} from '../../config/redirects';
import {pageSlug} from './slug';

const operationPage = (operationId: string): string => `/api/v4/${pageSlug(operationId)}`;

/**
 * API reference pages that moved or went, old path → new path, named through the reference's one
 * slug rule. nginx answers each with a 301 (with and without the trailing slash) and other static
 * hosts get a redirect page; the build fails when a target is not a page or a source still is one.
 */
export const movedOperationPages: MovedPage[] = [
  ...Object.entries(renamedOperations).map(([from, to]) => ({
    from: operationPage(from),
    to: operationPage(to),
    reason: `operationId ${from} renamed to the vendor's ${to}`,
  })),
  ...Object.entries(removedOperations).map(([from, [to, why]]) => ({
    from: operationPage(from),
    to: operationPage(to),
    reason: `${from} is not served by Time: ${why}`,
  })),
];
