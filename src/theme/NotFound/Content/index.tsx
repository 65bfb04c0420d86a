/**
 * The not-found text, with the page title «Страница не найдена». For an unknown path the guides'
 * docs plugin (served from "/") renders only this component, not the theme's NotFound page that
 * sets the title, so the tab said just «Time Docs».
 */
import type {ComponentProps, ReactNode} from 'react';
import {PageMetadata} from '@docusaurus/theme-common';
import {translate} from '@docusaurus/Translate';
import Content from '@theme-original/NotFound/Content';

export default function NotFoundContent(props: ComponentProps<typeof Content>): ReactNode {
  return (
    <>
      <PageMetadata title={translate({id: 'theme.NotFound.title', message: 'Page Not Found'})} />
      <Content {...props} />
    </>
  );
}
