#!/usr/bin/env node
import { runOrch } from '../cli/program.js';
import { exitWith, processIO } from './io.js';

exitWith(await runOrch(process.argv.slice(2), processIO()));
