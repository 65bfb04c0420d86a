// Stands in for theme-classic's Prism client module: guide pages get their code highlighted at build time.
export {};
