import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * /api/docs (issue 13 point 4, decision 0132): Swagger UI (swagger-ui-dist, maintained by
 * SmartBear, no runtime dependencies) rendering /api/openapi.json, served from our own origin —
 * no CDN. The bundle and our initialiser are one script at /api/docs.js, so the page lives under
 * the app's CSP (`script-src 'self'`); the stylesheet is inline, which `style-src 'unsafe-inline'`
 * already allows. "Authorize" takes the API key (X-Api-Key or Bearer); "Try it out" calls the
 * server from the page, also with the session cookie of a logged-in user.
 */
const require = createRequire(import.meta.url);
const asset = (name: string) => readFileSync(require.resolve(`swagger-ui-dist/${name}`), 'utf8');

// Read once at start-up (≈1.9 MB); the files ship with the npm package.
const css = asset('swagger-ui.css');
const bundle = asset('swagger-ui-bundle.js').replace(/\n\/\/# sourceMappingURL=.*$/m, '');

const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>NS-Webtid API</title>
<style>${css.replace(/<\/style/gi, '<\\/style')}</style>
<style>body{margin:0;background:#fafafa}.topbar-title{font:600 20px system-ui,sans-serif;color:#fff;background:#1e3a5f;padding:14px 24px;margin:0}.topbar-title a{color:#cfe0ff;font-size:14px;font-weight:400;margin-left:16px}</style>
</head><body>
<h1 class="topbar-title">NS-Webtid API <a href="/api/openapi.json">openapi.json</a></h1>
<div id="swagger-ui"></div>
<script src="/api/docs.js"></script>
</body></html>`;

const init = `
;(function () {
  // Swagger UI looks up a JsonSchema_<type>_<format> component for array items before it falls back
  // to its file input; naming the binary one after the string input (which renders a file picker for
  // format: binary) keeps the console clean and shows every photo field as a file input.
  var BinaryInput = function (system) {
    return {
      components: {
        JsonSchema_string_binary: function (props) {
          return system.React.createElement(system.getComponent('JsonSchema_string'), props);
        },
      },
    };
  };
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    displayOperationId: true,
    displayRequestDuration: true,
    filter: true,
    // The tags open one by one: with all 18 open at once (139 operations) Swagger UI 5.35 stopped
    // rendering after the first tag on an OpenAPI 3.1 document of this size (no error anywhere).
    docExpansion: 'none',
    tryItOutEnabled: false,
    showExtensions: true,
    // No calls to validator.swagger.io or anywhere else: everything stays on this origin.
    validatorUrl: null,
    // The API key is kept only in this page's memory, never in localStorage.
    persistAuthorization: false,
    presets: [SwaggerUIBundle.presets.apis],
    plugins: [BinaryInput],
    layout: 'BaseLayout',
  });
})();
`;

export const docsHtml = page;
export const docsScript = `${bundle}\n${init}`;
