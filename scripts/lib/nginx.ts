/**
 * Renders the production nginx config (deploy/nginx) for a local run: the same server block the
 * Docker image uses, inside a minimal main config that writes only to a temporary folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const NGINX_DIR = path.resolve(__dirname, '../../deploy/nginx');

export interface NginxOptions {
  port: number;
  docroot: string;
  /** Folder for the pid file, logs and temp files. */
  runDir: string;
  mimeTypes?: string;
  /** TRY_IT_ORIGINS: see tryItOrigins(); the default lets the try-it form reach any https server. */
  tryItOrigins?: string;
}

/**
 * Where the API reference's try-it form may send requests besides the portal itself: the
 * Content-Security-Policy's connect-src after 'self'. Readers call their own Time server, so the
 * default is any https origin; a deployer narrows it to the company's servers with TRY_IT_ORIGINS.
 */
export const DEFAULT_TRY_IT_ORIGINS = 'https:';

// A scheme (`https:`) or an origin with an optional subdomain wildcard and port
// (`https://*.corp.example.ru`, `https://time.corp.example.ru:8065`).
const CSP_SOURCE = /^(?:(?:https?|wss?):|(?:https?|wss?):\/\/(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::(?:[0-9]{1,5}|\*))?\/?)$/i;

/**
 * Checks a TRY_IT_ORIGINS value: space-separated `https:` or origins. An empty value leaves only the
 * portal's own origin. Anything else (quotes, `;`, paths, keywords) would break or widen the policy.
 */
export function tryItOrigins(value: string, name = 'TRY_IT_ORIGINS'): string {
  const sources = value.trim().split(/\s+/).filter(Boolean);
  for (const source of sources) {
    if (!CSP_SOURCE.test(source)) {
      throw new Error(
        `${name}: "${source}" is not an origin the try-it form can be allowed to call; use https: or origins such as https://time.example.ru or https://*.example.ru:8065, separated by spaces`,
      );
    }
  }
  return sources.join(' ');
}

/** Fills ${NAME} placeholders like the nginx image's envsubst; unknown names are an error. */
export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\$\{([A-Z_]+)\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`nginx template uses \${${name}} but no value was given`);
    return values[name];
  });
}

export function renderServerBlock(port: number, docroot: string, origins = DEFAULT_TRY_IT_ORIGINS): string {
  const template = fs.readFileSync(path.join(NGINX_DIR, 'time-docs.conf.template'), 'utf8');
  return fillTemplate(template, {PORT: String(port), DOCROOT: docroot, CONF_DIR: NGINX_DIR, TRY_IT_ORIGINS: tryItOrigins(origins)});
}

export function renderMainConfig({port, docroot, runDir, mimeTypes = '/etc/nginx/mime.types', tryItOrigins: origins}: NginxOptions): string {
  const tmp = (name: string) => path.join(runDir, name);
  const user = os.userInfo().username === 'root' ? 'user root root;\n' : '';
  return `${user}worker_processes 1;
daemon off;
pid ${tmp('nginx.pid')};
error_log stderr warn;
events { worker_connections 512; }
http {
    include ${mimeTypes};
    default_type application/octet-stream;
    access_log ${tmp('access.log')};
    sendfile on;
    client_body_temp_path ${tmp('body')};
    proxy_temp_path ${tmp('proxy')};
    fastcgi_temp_path ${tmp('fastcgi')};
    uwsgi_temp_path ${tmp('uwsgi')};
    scgi_temp_path ${tmp('scgi')};
${renderServerBlock(port, docroot, origins)}
}
`;
}
