#!/usr/bin/env node
import { runWebhook } from '../webhook/main.js';
import { exitWith, processIO } from './io.js';

exitWith(await runWebhook(process.argv.slice(2), processIO()));
