import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { readCookie } from '../../src/server/http/cookies';
import { decodePathSegment } from '../../src/server/http/rest';
import { RequestTarget } from '../../src/server/http/request-target';

/*
 * Decision 0277: the short cuts of the request path answer exactly what the parse they skip
 * would have answered.
 */
const TARGETS = [
  '/',
  '/api/user/info',
  '/api/worksheet?mode=ALL&limit=5',
  '/api/worksheet/12',
  '/api/trpc/user.info?batch=1&input=%7B%7D',
  '/api/../etc/passwd',
  '/api/./user/info',
  '/api/%2e%2e/x',
  '/api/%2E/x',
  '/api/x/..',
  '/api/x/.',
  '//evil.example/api/user/info',
  '/api\\user\\info',
  '/api/a b',
  '/api/"q"',
  '/api/<x>',
  '/api/`x`',
  '/api/{x}',
  '/api/x#frag',
  '/api/x?y#frag',
  '/api/æøå',
  '/api/%zz',
  '/api/x;y=1',
  "/api/!$&'()*+,;=:@",
  '/api//double',
  '/api/x?',
  '/locales/da.json',
  '/assets/index-abc.js',
  '*',
  'http://other.example/api/user/info?x=1',
  '/api/\u0001x',
  '/api/x\ty',
];

describe('RequestTarget', () => {
  it.each(TARGETS)('%j: the path and URL the WHATWG parser gives', (raw) => {
    const target = new RequestTarget(raw);
    const parsed = new URL(raw, 'http://localhost');
    expect(target.path).toBe(parsed.pathname);
    expect(target.url().href).toBe(parsed.href);
  });
});

describe('decodePathSegment', () => {
  it.each(['plain', 'with%20space', '%C3%A6', 'a+b', ''])('%j as decodeURIComponent', (s) => expect(decodePathSegment(s)).toBe(decodeURIComponent(s)));
  it('still refuses malformed encoding', () => expect(() => decodePathSegment('%ff')).toThrow());
});

describe('readCookie', () => {
  // the former implementation: split at `;`, trim, first match, decodeURIComponent (null when malformed)
  const before = (header: string | undefined, name: string): string | null => {
    if (!header) return null;
    for (const part of header.split(';')) {
      const eq = part.indexOf('=');
      if (eq < 0) continue;
      if (part.slice(0, eq).trim() === name) {
        try {
          return decodeURIComponent(part.slice(eq + 1).trim());
        } catch {
          return null;
        }
      }
    }
    return null;
  };
  const HEADERS = [
    undefined,
    '',
    'webtid_session=abc',
    ' webtid_session = abc ; x=1',
    'x=1; webtid_session=abc',
    'x=1;webtid_session=abc;webtid_session=def',
    'webtid_sessionx=1; webtid_session=ok',
    'novalue; webtid_session=v',
    'webtid_session=a%20b',
    'webtid_session=%ff',
    'webtid_session=',
    'webtid_session',
    ';;webtid_session=z;;',
    'a=b=c; webtid_session=d=e',
    'x=1; webtid_session',
    'webtid_session=1;',
  ];
  it.each(HEADERS)('%j as before', (cookie) => {
    const req = { headers: cookie === undefined ? {} : { cookie } } as unknown as IncomingMessage;
    expect(readCookie(req, 'webtid_session')).toBe(before(cookie, 'webtid_session'));
  });
});
