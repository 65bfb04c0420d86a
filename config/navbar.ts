import type {Navbar} from '@docusaurus/theme-common';
import {site} from './site';

/** Top navigation: one item per sidebar, the external user guide, then search (added by the plugin). */
export const navbar = {
  title: site.title,
  hideOnScroll: true,
  logo: {
    alt: 'Time',
    src: 'img/logo.svg',
    width: 32,
    height: 32,
  },
  items: [
    {type: 'docSidebar', sidebarId: 'api', position: 'left', label: 'API'},
    {type: 'docSidebar', sidebarId: 'deployment', position: 'left', label: 'Развёртывание'},
    {type: 'docSidebar', sidebarId: 'administration', position: 'left', label: 'Администрирование'},
    {type: 'docSidebar', sidebarId: 'integrations', position: 'left', label: 'Интеграции'},
    {type: 'docSidebar', sidebarId: 'license', position: 'left', label: 'Лицензии'},
    {href: site.links.userGuide, position: 'right', label: 'Для пользователей'},
  ],
} satisfies Navbar;
