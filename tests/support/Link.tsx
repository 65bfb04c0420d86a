import type {ReactNode} from 'react';

/** Test stand-in for @docusaurus/Link: a plain anchor with the same `to` → `href` mapping. */
export default function Link({to, href, children, ...rest}: {to?: string; href?: string; children?: ReactNode; className?: string}) {
  return (
    <a href={to ?? href} {...rest}>
      {children}
    </a>
  );
}
