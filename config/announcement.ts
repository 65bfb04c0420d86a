import type {ThemeConfig} from '@docusaurus/preset-classic';

/**
 * The announcement bar. Change `id` whenever the message changes: readers who closed the previous
 * message will see the new one, because dismissal is remembered per id.
 */
export const announcementBar = {
  id: 'release-5-6',
  content:
    'Документация описывает Time 5.6. Перед переходом с 5.5 прочитайте <a href="/deployment/upgrade/before">подготовку к обновлению</a>.',
  backgroundColor: '#1b4d89',
  textColor: '#ffffff',
  isCloseable: true,
} satisfies NonNullable<ThemeConfig['announcementBar']>;
