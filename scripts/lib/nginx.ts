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
}

/** Fills ${NAME} placeholders like the nginx image's envsubst; unknown names are an error. */
export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\$\{([A-Z_]+)\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`nginx template uses \${${name}} but no value was given`);
    return values[name];
  });
}

export function renderServerBlock(port: number, docroot: string): string {
  const template = fs.readFileSync(path.join(NGINX_DIR, 'time-docs.conf.template'), 'utf8');
  return fillTemplate(template, {PORT: String(port), DOCROOT: docroot, CONF_DIR: NGINX_DIR});
}

export function renderMainConfig({port, docroot, runDir, mimeTypes = '/etc/nginx/mime.types'}: NginxOptions): string {
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
${renderServerBlock(port, docroot)}
}
`;
}
