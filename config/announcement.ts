import type {ThemeConfig} from '@docusaurus/preset-classic';

/**
 * The announcement bar. Change `id` whenever the message changes: readers who closed the previous
 * message will see the new one, because dismissal is remembered per id.
 */
export const announcementBar = {
  id: 'time-7-8',
  content:
    'Документация описывает Time 7.8: такую версию сообщают серверы Time. Перед обновлением сервера прочитайте <a href="/deployment/upgrade/before">подготовку к обновлению</a>.',
  backgroundColor: '#1b4d89',
  textColor: '#ffffff',
  isCloseable: true,
} satisfies NonNullable<ThemeConfig['announcementBar']>;
