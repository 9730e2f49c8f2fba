/** Written by toolCatalogModule in web/vite.config.ts: `toolCatalog(tools)` of the registry, as data. */
declare module 'virtual:tool-catalog' {
  const catalog: ReturnType<typeof import('@folio/registry').toolCatalog>;
  export default catalog;
}
