// Catalogues cut to CORE_NAMESPACES (web/vite.config.ts); the whole files in tests and firmware.
declare module 'virtual:en-core' {
  const messages: import('./lib/i18n/catalog').Messages;
  export default messages;
}
declare module 'virtual:de-core' {
  const messages: import('./lib/i18n/catalog').Messages;
  export default messages;
}
declare module 'virtual:fr-core' {
  const messages: import('./lib/i18n/catalog').Messages;
  export default messages;
}
