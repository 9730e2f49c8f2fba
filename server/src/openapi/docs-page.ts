/**
 * The API reference page: Swagger UI (swagger-ui-dist, served from node_modules
 * by OpenApiController, no CDN) reading /api/openapi.json. No inline script or
 * style, so the site's Content-Security-Policy applies unchanged.
 */
export const DOCS_ASSETS_PATH = '/api/docs/assets';

export const DOCS_HTML = `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Folio API reference</title>
    <link rel="stylesheet" href="${DOCS_ASSETS_PATH}/swagger-ui.css">
    <link rel="stylesheet" href="${DOCS_ASSETS_PATH}/folio-docs.css">
    <link rel="icon" type="image/png" href="${DOCS_ASSETS_PATH}/favicon-32x32.png" sizes="32x32">
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${DOCS_ASSETS_PATH}/swagger-ui-bundle.js"></script>
    <script src="${DOCS_ASSETS_PATH}/folio-docs.js"></script>
  </body>
</html>
`;

/** Starts Swagger UI: the base layout (no top bar, so no external validator badge), operations listed. */
export const DOCS_SCRIPT = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  layout: 'BaseLayout',
  deepLinking: true,
  docExpansion: 'list',
  defaultModelsExpandDepth: -1,
  displayOperationId: false,
  validatorUrl: null,
  tryItOutEnabled: false,
});
`;

export const DOCS_STYLE = `body { margin: 0; background: #fafafa; }
.swagger-ui .information-container { padding-top: 12px; }
/* The document declares no links; an empty "Links" column only takes room. */
.swagger-ui .response-col_links { display: none; }
`;
