import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt', '.webmanifest']);

interface Cached {
  raw: Buffer;
  gzip: Buffer;
  br: Buffer;
}

/** The pages before a login (routes/_auth): they do not need the app's first chunks yet. */
const OUTSIDE_THE_APP = /^\/(login|logout)\/?$/;

/**
 * index.html without the links to the layout's and the home page's chunks (marked
 * `data-preload="app"` by scripts/route-preloads.ts, decision 0291).
 */
function withoutAppPreloads(html: Buffer): Buffer {
  return Buffer.from(html.toString('utf8').replace(/^[ \t]*<link [^>]*data-preload="app"[^>]*>\r?\n?/gm, ''));
}

/**
 * Serves the built client from `dist/`. Hashed assets are cached for a year; text files are
 * compressed once and kept in memory (the whole client is a few hundred KB).
 */
export function createStaticHandler(root: string) {
  const cache = new Map<string, Cached>();
  const indexFile = join(root, 'index.html');

  /** `outside`: the app shell as the login page gets it, without the app's preloads. */
  function compressed(file: string, outside = false): Cached {
    const key = outside ? `${file}#outside` : file;
    let c = cache.get(key);
    if (!c) {
      const raw = outside ? withoutAppPreloads(readFileSync(file)) : readFileSync(file);
      c = { raw, gzip: gzipSync(raw, { level: 9 }), br: brotliCompressSync(raw) };
      cache.set(key, c);
    }
    return c;
  }

  function send(req: IncomingMessage, res: ServerResponse, file: string, immutable: boolean, outside = false): void {
    const ext = extname(file);
    const headers: Record<string, string> = {
      'Content-Type': TYPES[ext] ?? 'application/octet-stream',
      'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    if (COMPRESSIBLE.has(ext)) {
      const c = compressed(file, outside);
      const accept = String(req.headers['accept-encoding'] ?? '');
      const [body, enc] = accept.includes('br') ? [c.br, 'br'] : accept.includes('gzip') ? [c.gzip, 'gzip'] : [c.raw, null];
      if (enc) headers['Content-Encoding'] = enc;
      headers.Vary = 'Accept-Encoding';
      headers['Content-Length'] = String(body.length);
      res.writeHead(200, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    headers['Content-Length'] = String(statSync(file).size);
    res.writeHead(200, headers);
    if (req.method === 'HEAD') return void res.end();
    createReadStream(file).pipe(res);
  }

  return function handleStatic(req: IncomingMessage, res: ServerResponse, url: URL): void {
    if (!existsSync(indexFile)) {
      res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('The client is not built. Run `npm run build` (npm start does it for you).');
      return;
    }
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      pathname = '/';
    }
    const file = normalize(join(root, pathname));
    if (file.startsWith(root + sep) && existsSync(file) && statSync(file).isFile()) {
      send(req, res, file, pathname.startsWith('/assets/'));
      return;
    }
    if (pathname.startsWith('/assets/') || extname(pathname) !== '') {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Not found');
      return;
    }
    // SPA fallback: the client router decides.
    send(req, res, indexFile, false, OUTSIDE_THE_APP.test(pathname));
  };
}
