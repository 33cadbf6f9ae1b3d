import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

// Baked in by scripts/build.js (esbuild `define`); absent when the sources run under tsx.
declare const __WEBTID_VERSION__: string | undefined;
declare const __WEBTID_COMMIT__: string | undefined;

export interface Version {
  /** package.json's version */
  version: string;
  /** the git commit of the build: baked in at build time, else GIT_COMMIT, else 'unknown' */
  commit: string;
}

let cached: Version | undefined;

/** The running build's version (issue 21 §5): in /healthz, the start banner and every log line. */
export function appVersion(env: { GIT_COMMIT?: string | undefined } = {}): Version {
  if (cached) return cached;
  const baked = typeof __WEBTID_VERSION__ === 'string' ? __WEBTID_VERSION__ : undefined;
  const bakedCommit = typeof __WEBTID_COMMIT__ === 'string' && __WEBTID_COMMIT__ ? __WEBTID_COMMIT__ : undefined;
  let version = baked;
  if (!version) {
    try {
      version = (JSON.parse(readFileSync(resolve(import.meta.dirname, '../../package.json'), 'utf8')) as { version?: string }).version;
    } catch {
      /* no package.json beside the sources */
    }
  }
  cached = { version: version ?? '0.0.0', commit: env.GIT_COMMIT ?? bakedCommit ?? 'unknown' };
  return cached;
}
