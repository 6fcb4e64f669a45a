declare module 'virtual:en-core' {
  /** en.json cut to CORE_NAMESPACES (web/vite.config.ts); the whole file in tests and firmware. */
  const messages: import('./lib/i18n/catalog').Messages;
  export default messages;
}
