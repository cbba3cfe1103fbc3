#!/usr/bin/env node
import { runOrchctl } from '../ctl/program.js';
import { exitWith, processIO } from './io.js';

exitWith(await runOrchctl(process.argv.slice(2), processIO()));
