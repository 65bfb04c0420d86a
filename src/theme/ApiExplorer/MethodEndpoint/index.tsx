/**
 * The operation's method and path above its description. Same markup and classes as the OpenAPI
 * theme's MethodEndpoint, with one difference: a long path scrolls sideways inside the box, and a
 * scrolling region must be reachable with the keyboard (WCAG 2.1.1; axe: scrollable-region-focusable),
 * so the box is focusable in the HTML as rendered, not patched in the browser afterwards. The theme's
 * component leaves out `tabIndex` and gives no way to pass it, hence a copy rather than a wrap.
 *
 * The server address that precedes the path comes from the try-it store and may be one the reader
 * saved in this browser session, so it is drawn after hydration (as in the theme).
 */
import type {ReactNode} from 'react';
import BrowserOnly from '@docusaurus/BrowserOnly';
import {useTypedSelector} from '@theme/ApiItem/hooks';
import {serverAddress, type ServerValue} from '../serverAddress';

interface Props {
  method: string;
  path: string;
  context?: 'endpoint' | 'callback';
}

/** Infima's badge colour of each method, as the theme chose them. */
const BADGE: Record<string, string> = {get: 'primary', post: 'success', delete: 'danger', put: 'info', patch: 'warning', head: 'secondary', event: 'secondary'};

function ServerAddress(): ReactNode {
  const server = useTypedSelector((state: {server: {value?: ServerValue}}) => state.server.value);
  return <BrowserOnly>{() => (server?.variables ? serverAddress(server) : server?.url)}</BrowserOnly>;
}

export default function MethodEndpoint({method, path, context}: Props): ReactNode {
  const event = method === 'event';
  return (
    <>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus */}
      <pre className="openapi__method-endpoint" tabIndex={0}>
        <span className={`badge badge--${BADGE[method.toLowerCase()]}`}>{event ? 'Webhook' : method.toUpperCase()}</span>{' '}
        {!event && (
          // eslint-disable-next-line @docusaurus/prefer-docusaurus-heading -- the theme's own markup, kept as is: @theme/Heading would add an anchor link inside the endpoint line
          <h2 className="openapi__method-endpoint-path">
            {context !== 'callback' && <ServerAddress />}
            {path.replace(/{([a-z0-9-_]+)}/gi, ':$1')}
          </h2>
        )}
      </pre>
      <div className="openapi__divider" />
    </>
  );
}
