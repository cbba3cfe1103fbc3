#!/usr/bin/env node
import { enableCompileCache } from './compile-cache.js';

// The compile cache first, then the command's modules (dynamically, so the cache covers them).
enableCompileCache();
const { runOrchctl } = await import('../ctl/program.js');
const { exitWith, processIO } = await import('./io.js');
exitWith(await runOrchctl(process.argv.slice(2), processIO()));
