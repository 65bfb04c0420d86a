/**
 * The theme's site metadata, except on the not-found page: there it leaves out the canonical link,
 * og:url and the hreflang alternates, which would name the unknown address (or /404.html, where the
 * page is prerendered) as a page of the site, and asks search engines not to index it.
 */
import type {ReactNode} from 'react';
import Head from '@docusaurus/Head';
import {useLocation} from '@docusaurus/router';
import {useThemeConfig} from '@docusaurus/theme-common';
import SiteMetadata from '@theme-original/SiteMetadata';
import {isKnownRoute} from '@site/src/lib/knownRoute';

export default function SiteMetadataWrapper(): ReactNode {
  const {pathname} = useLocation();
  const {metadata} = useThemeConfig();
  if (isKnownRoute(pathname)) return <SiteMetadata />;
  return (
    <Head>
      <meta name="robots" content="noindex" />
      {metadata.map((metadatum, i) => (
        <meta key={i} {...metadatum} />
      ))}
    </Head>
  );
}
