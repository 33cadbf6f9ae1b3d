import type { HtmlTagDescriptor, Plugin, Rollup } from 'vite';

/**
 * The first page's route chunks named in index.html (issue 25 §4, decision 0291).
 *
 * Vite loads a lazy route's chunk with its preload helper: for each script and stylesheet the chunk
 * needs, it appends a `<link>` to the document's head. On a phone that was ~35 % of a 600 ms task
 * at 4× CPU slowdown (two dozen links for the layout and the home page), and the chunks were
 * asked for only once the entry had run: one more round trip before the page could render.
 *
 * Named in the HTML, the browser's preload scanner fetches them beside the entry, and the helper
 * finds each script already in the document and appends no link for it. `routeModules` are the
 * code-split route components whose chunks (and their imports, and their stylesheets as preloads)
 * are named: the layout and the home page, where nearly every visit begins. Other pages load
 * theirs as before.
 *
 * The server leaves these links out of the login page (`data-preload="app"`): fetched beside the
 * login form's own chunks on a slow network, ~30 KB it does not need yet put its first paint ~0.6 s
 * later (Lighthouse mobile on `/login`).
 */
export function routePreloads(routeModules: RegExp[]): Plugin {
  return {
    name: 'webtid:route-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return;
        const chunks = Object.values(ctx.bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const roots = routeModules.map((re) => {
          const found = chunks.find((c) => c.facadeModuleId !== null && re.test(c.facadeModuleId));
          if (!found) throw new Error(`route-preloads: no chunk for ${re}`);
          return found;
        });
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const visit = (chunk: Rollup.OutputChunk) => {
          if (scripts.has(chunk.fileName)) return;
          scripts.add(chunk.fileName);
          for (const dep of chunk.imports) {
            const c = byFile.get(dep);
            if (c) visit(c);
          }
          for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
        };
        for (const root of roots) visit(root);
        const named = (file: string) => html.includes(`"/${file}"`);
        const tags: HtmlTagDescriptor[] = [];
        // Marked, so that the server can leave them out of the login page (src/server/http/static.ts).
        const mark = { 'data-preload': 'app' };
        for (const file of scripts) if (!named(file)) tags.push({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}`, ...mark }, injectTo: 'head' });
        // Stylesheets are only fetched early, not applied: as stylesheets in the head they would hold
        // back the first paint (the boot spinner) of every page. The helper then adds each one as
        // before (four links), served from the cache.
        for (const file of styles)
          if (!named(file)) tags.push({ tag: 'link', attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `/${file}`, ...mark }, injectTo: 'head' });
        return tags;
      },
    },
  };
}
