/**
 * Redirects from the public route contract (shared/ROUTES.md) that a static host can serve as
 * pages. nginx adds the rules a static page cannot express (`X.html` → `X`), see deploy/nginx.
 */
export interface Redirect {
  from: string;
  to: string;
}

/** The historical misspelling is the canonical path; the correct spelling redirects to it. */
export function dataManagementRedirect(existingPath: string): string[] | undefined {
  const canonical = '/administration/data-managment';
  if (existingPath === canonical || existingPath.startsWith(`${canonical}/`)) {
    return [existingPath.replace(canonical, '/administration/data-management')];
  }
  return undefined;
}

export const redirects: Redirect[] = [];
