/**
 * Overrides of the OpenAPI theme's components that keep its markup: each is compared with what the
 * theme itself renders, so the change they make is the only difference.
 */
import {createRequire} from 'node:module';
import type {ComponentType, ReactNode} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, it, vi} from 'vitest';

const load = createRequire(__filename);
type FloatingProps = {label?: string; onClick?: () => void; children?: ReactNode};
const ThemeFloatingButton = (load('docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/FloatingButton') as {default: ComponentType<FloatingProps>}).default;

vi.mock('@theme-original/ApiExplorer/FloatingButton', () => ({default: ThemeFloatingButton}));
// Server rendering: the try-it store holds the first server; the address is drawn after hydration.
vi.mock('@theme/ApiItem/hooks', () => ({useTypedSelector: () => ({url: 'https://time.example.ru/api/v4'})}));
vi.mock('@docusaurus/BrowserOnly', () => ({default: () => null}));

const {default: FloatingButton} = await import('../../src/theme/ApiExplorer/FloatingButton');
const {default: MethodEndpoint} = await import('../../src/theme/ApiExplorer/MethodEndpoint');

describe('the try-it form’s floating button', () => {
  it('is the theme’s markup with a plain button, so it never submits the request form', () => {
    const ours = renderToStaticMarkup(
      <FloatingButton label="Изменить">
        <span>адрес</span>
      </FloatingButton>,
    );
    const theirs = renderToStaticMarkup(
      <ThemeFloatingButton label="Изменить">
        <span>адрес</span>
      </ThemeFloatingButton>,
    );
    expect(theirs).not.toContain('type="button"');
    expect(ours).toBe(theirs.replace('<button ', '<button type="button" '));
  });

  it('draws no button without a label, as the theme does', () => {
    expect(renderToStaticMarkup(<FloatingButton>x</FloatingButton>)).toBe(renderToStaticMarkup(<ThemeFloatingButton>x</ThemeFloatingButton>));
  });
});

describe('the endpoint line', () => {
  it('is focusable in the HTML as rendered, because a long path scrolls inside it', () => {
    const html = renderToStaticMarkup(<MethodEndpoint method="post" path="/api/v4/channels/{channel_id}/members" />);
    expect(html).toBe(
      '<pre class="openapi__method-endpoint" tabindex="0"><span class="badge badge--success">POST</span> <h2 class="openapi__method-endpoint-path">/api/v4/channels/:channel_id/members</h2></pre><div class="openapi__divider"></div>',
    );
  });

  it('names a webhook without a path, as the theme does', () => {
    expect(renderToStaticMarkup(<MethodEndpoint method="event" path="/hook" />)).toContain('<span class="badge badge--secondary">Webhook</span> </pre>');
  });
});
