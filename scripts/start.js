// `npm start`: builds when the build is missing or older than the sources, then runs the compiled
// server with plain node. Plain JavaScript so that it works after `npm prune --omit=dev`.
import process from 'node:process';
import { pathToFileURL } from 'node:url';
import { SERVER_MAIN, ensureBuilt } from './build-state.js';

ensureBuilt(['client', 'server']);
process.setSourceMapsEnabled(true);
await import(pathToFileURL(SERVER_MAIN).href);
