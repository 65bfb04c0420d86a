/** A sidebar of a docs instance and the title of its section in llms.txt. */
export interface LlmsSection {
  pluginId: string;
  sidebar: string;
  title: string;
}

export interface Llms {
  sections: LlmsSection[];
  /** What llms.txt says about the site under its title. */
  summary: string;
  details: string;
}

/**
 * llms.txt (plugins/markdown-export): what it says about the portal, and its sections in order —
 * one per sidebar, with the title of the section it stands for.
 */
export const llms: Llms = {
  summary:
    'Документация корпоративного мессенджера Time для администраторов, инженеров внедрения, интеграторов и разработчиков: установка и обновление, настройка сервера, интеграции, REST API v4 и v5.',
  details: `Time — корпоративный мессенджер для установки на серверах компании; его сервер происходит от Mattermost, и API v4 совместим с ним. Каждая страница портала доступна в Markdown по своему адресу с окончанием \`.md\`; весь текст руководств одним файлом — в /llms-full.txt. Спецификации OpenAPI: /openapi/v4.yaml и /openapi/v5.yaml.`,
  sections: [
    {pluginId: 'default', sidebar: 'docs', title: 'Общее'},
    {pluginId: 'default', sidebar: 'deployment', title: 'Развёртывание'},
    {pluginId: 'default', sidebar: 'administration', title: 'Администрирование'},
    {pluginId: 'default', sidebar: 'integrations', title: 'Интеграции'},
    {pluginId: 'default', sidebar: 'api', title: 'API: обзор и рецепты'},
    {pluginId: 'default', sidebar: 'license', title: 'Лицензии'},
    {pluginId: 'api-v4', sidebar: 'apiV4', title: 'Справочник API v4'},
    {pluginId: 'api-v5', sidebar: 'apiV5', title: 'Справочник API v5'},
  ],
};
