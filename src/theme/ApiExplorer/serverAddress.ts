/** The try-it form's chosen server, as the OpenAPI theme keeps it in its store. */
export interface ServerValue {
  url: string;
  variables?: Record<string, {default?: string}>;
}

/** The server address as the form shows it: variables filled in, no trailing slash. */
export function serverAddress(server: ServerValue | undefined): string {
  let url = server?.url.replace(/\/$/, '') ?? '';
  for (const [name, variable] of Object.entries(server?.variables ?? {})) url = url.replace(`{${name}}`, variable.default ?? '');
  return url;
}
