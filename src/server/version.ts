import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../db/project-root';

// Baked in by scripts/build.js (esbuild `define`); absent when the sources run under tsx.
declare const __WEBTID_VERSION__: string | undefined;
declare const __WEBTID_COMMIT__: string | undefined;

export interface Version {
  /** package.json's version */
  version: string;
  /** the git commit of the build: baked in at build time, else GIT_COMMIT, else 'unknown' */
  commit: string;
}

let cachedVersion: string | undefined;

/** The running build's version (issue 21 §5): in /healthz, the start banner and every log line. */
export function appVersion(env: { GIT_COMMIT?: string | undefined } = {}): Version {
  const bakedCommit = typeof __WEBTID_COMMIT__ === 'string' && __WEBTID_COMMIT__ ? __WEBTID_COMMIT__ : undefined;
  return { version: packageVersion(), commit: env.GIT_COMMIT ?? bakedCommit ?? 'unknown' };
}

/** package.json's version, read once (the commit is the caller's env's, so it is not cached). */
function packageVersion(): string {
  if (cachedVersion) return cachedVersion;
  const baked = typeof __WEBTID_VERSION__ === 'string' ? __WEBTID_VERSION__ : undefined;
  let version = baked;
  if (!version) {
    try {
      version = (JSON.parse(readFileSync(join(projectRoot(import.meta.dirname), 'package.json'), 'utf8')) as { version?: string }).version;
    } catch {
      /* no package.json beside the sources */
    }
  }
  cachedVersion = version ?? '0.0.0';
  return cachedVersion;
}
