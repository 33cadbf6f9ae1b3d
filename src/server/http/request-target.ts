/**
 * The request target (`req.url`) as the pipeline needs it: the path at once, the parsed URL only
 * when someone asks for it (a query string, a Link header, a static file). Most API calls never
 * read their URL, and `new URL` is a microsecond-scale parse per request (decision 0277).
 *
 * The short cut is taken only where it cannot differ from the WHATWG parse: an origin-form target
 * whose path has nothing that parser would rewrite — no dot segment (no `.` at all, no `%`, so no
 * `%2e` either), no backslash, no second leading slash (`//host/…` names a host), nothing it
 * would percent-encode (space, quotes, `<>`, `` ` ``, `{}`, `#`, controls, non-ASCII). Anything
 * else is parsed at once, as before.
 */
const PLAIN_PATH = /^\/(?!\/)[A-Za-z0-9\-_~!$&'()*+,;=:@/]*$/;

export class RequestTarget {
  /** the URL's pathname */
  readonly path: string;
  private parsed: URL | undefined;

  constructor(private readonly raw: string) {
    const q = raw.indexOf('?');
    const path = q < 0 ? raw : raw.slice(0, q);
    if (PLAIN_PATH.test(path)) this.path = path;
    else {
      this.parsed = new URL(raw, 'http://localhost');
      this.path = this.parsed.pathname;
    }
  }

  /** the whole URL, parsed on first use */
  url(): URL {
    return (this.parsed ??= new URL(this.raw, 'http://localhost'));
  }
}
