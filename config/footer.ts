import type {Footer} from '@docusaurus/theme-common';
import {site} from './site';

export const copyright = `© ${site.copyrightYear} ${site.owner}`;

export const footer = {
  style: 'dark',
  links: [
    {
      title: 'Time',
      items: [
        {label: 'О мессенджере', href: site.links.about},
        {label: 'Скачать приложения', href: site.links.download},
      ],
    },
    {
      title: 'Эксплуатация',
      items: [
        {label: 'Политика эксплуатации и обновления', to: '/deployment/operation-and-update-policy'},
        {label: 'Частые вопросы', to: '/faq'},
      ],
    },
  ],
  copyright,
} satisfies Footer;
