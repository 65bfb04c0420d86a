/** One reader of the built site, shared by search, Markdown export, the PDF guides and proofreading. */
export * from './routes';
export * from './article';
export * from './sidebars';
