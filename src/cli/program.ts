import { Command } from 'commander';
import { ORCH_VERSION } from '../api/version.js';
import { describeRuntimeError } from '../client/describe.js';
import { type CliIO, runProgram } from '../config/commander.js';
import { addAppCommands } from './apps.js';
import { addManageCommands } from './manage.js';
import { platformClient } from './platform-client.js';
import { addRegisterCommand } from './register.js';
import { addRunCommand } from './run.js';
import { addSandboxCommands } from './sandbox.js';
import { addServeCommands } from './serve.js';

/** Turns positional options off below the top level: deeper commands keep taking their parents' options anywhere. */
function unposition(command: Command): void {
  for (const sub of command.commands) {
    sub.enablePositionalOptions(false);
    unposition(sub);
  }
}

/**
 * The `orch` command tree: `register`, `run`, `create|update|get|delete secret|api-key`, `deploy`
 * and the other app commands, `sandbox`, `serve` (one builder each, in this order, which is the
 * order of `orch --help`).
 */
export function createOrchProgram(io: CliIO): Command {
  const program = new Command('orch')
    .description('Platform CLI of orch: register workflows, run a local sandbox or serve the admin server')
    .version(ORCH_VERSION, '--version', 'print the version')
    // `orch run <lp> --version v` names a launch plan version: options after a command are its own.
    .enablePositionalOptions();
  addRegisterCommand(program, io);
  addRunCommand(program, io);
  addManageCommands(program, io, platformClient);
  addAppCommands(program, io, platformClient);
  addSandboxCommands(program, io);
  addServeCommands(program, io);
  unposition(program);
  return program;
}

/** Runs `orch` with `argv` (without node and script); resolves to the exit code. */
export function runOrch(argv: readonly string[], io: CliIO): Promise<number> {
  return runProgram(createOrchProgram(io), argv, io, describeRuntimeError);
}
