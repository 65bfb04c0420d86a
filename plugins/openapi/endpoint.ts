/**
 * The path part of an operation's first server URL (`https://{host}/api/v5` → `/api/v5`), which
 * comes before the operation's own path; empty when the server is the host itself. The operation
 * page (./pages.ts) and its Markdown copy show the request as this prefix plus the path.
 */
export function serverBasePath(api: {servers?: {url?: unknown}[]}): string {
  const server = api.servers?.[0]?.url;
  if (typeof server !== 'string') return '';
  try {
    return new URL(server.replace(/\{[^}]+\}/g, 'host')).pathname.replace(/\/$/, '');
  } catch {
    return '';
  }
}
