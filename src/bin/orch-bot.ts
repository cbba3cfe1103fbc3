#!/usr/bin/env node
import { runBot } from '../bot/main.js';
import { exitWith, processIO } from './io.js';

exitWith(await runBot(process.argv.slice(2), processIO()));
