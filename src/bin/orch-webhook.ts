#!/usr/bin/env node
import { enableCompileCache } from './compile-cache.js';

// The compile cache first, then the command's modules (dynamically, so the cache covers them).
enableCompileCache();
const { runWebhook } = await import('../webhook/main.js');
const { exitWith, processIO } = await import('./io.js');
exitWith(await runWebhook(process.argv.slice(2), processIO()));
