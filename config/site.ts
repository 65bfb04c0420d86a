/**
 * Site-wide settings that deployers may change. Each value can be overridden by an environment
 * variable at build time, so one build recipe serves staging and production.
 */
const env = (name: string, fallback: string): string => {
  const value = process.env[name];
  return value && value.trim() !== '' ? value.trim() : fallback;
};

/** Validates an absolute http(s) URL and strips a trailing slash. */
export function parseSiteUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`SITE_URL must be an absolute URL such as https://docs.example.ru, got "${raw}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`SITE_URL must use http or https, got "${raw}"`);
  }
  if (url.pathname !== '/' || url.search || url.hash) {
    throw new Error(`SITE_URL must be an origin without a path (the site is served from "/"), got "${raw}"`);
  }
  return url.origin;
}

/**
 * Validates the base of the «Редактировать страницу» links: an absolute http(s) URL that a page's
 * path in the repository (`docs/deployment/…md`) is appended to, so it must end with a slash.
 */
export function parseEditUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`EDIT_URL must be an absolute URL such as https://git.example.ru/docs/time-docs/-/edit/main/, got "${raw}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`EDIT_URL must use http or https, got "${raw}"`);
  if (!url.pathname.endsWith('/') || url.search || url.hash) {
    throw new Error(`EDIT_URL must end with "/" (the file's path in the repository is appended to it), got "${raw}"`);
  }
  return url.href;
}

export const site = {
  title: 'Time Docs',
  tagline: 'Документация корпоративного мессенджера Time для администраторов, инженеров и разработчиков',
  /** Public origin of the portal, used in the sitemap, canonical links and meta tags. */
  url: parseSiteUrl(env('SITE_URL', 'https://docs.time-messenger.ru')),
  baseUrl: '/',
  /** `<meta name="keywords">` of every page (pages add their own front matter keywords). */
  keywords: 'Time, мессенджер, документация, API, администрирование',
  /**
   * Where a page's source is edited: the repository's web editor for the default branch. Each page
   * links to this plus its path in the repository («Редактировать страницу»); generated API pages
   * have no link.
   */
  editUrl: parseEditUrl(env('EDIT_URL', 'https://git.time-messenger.ru/docs/time-docs/-/edit/main/')),
  /** The company named in the footer copyright line. */
  owner: env('SITE_OWNER', 'Time Messenger'),
  copyrightYear: 2025,
  links: {
    userGuide: env('USER_GUIDE_URL', 'https://help.time-messenger.ru/'),
    about: env('ABOUT_URL', 'https://time-messenger.ru/about'),
    download: env('DOWNLOAD_URL', 'https://time-messenger.ru/download'),
  },
} as const;
