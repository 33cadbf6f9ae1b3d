#!/usr/bin/env node
// The operator command (`npx webtid …`, `npm run cli -- …`): runs the compiled CLI, building the
// server first when it is missing or older than the sources.
import process from 'node:process';
import { pathToFileURL } from 'node:url';
import { SERVER_CLI, ensureBuilt } from '../scripts/build-state.js';

ensureBuilt(['server']);
process.setSourceMapsEnabled(true);
await import(pathToFileURL(SERVER_CLI).href);
