import module from 'node:module';

/**
 * Turns on V8's on-disk compile cache where the running Node has it (`module.enableCompileCache`,
 * Node 22.1 and later): the next start of the same command reuses the compiled code of its modules
 * instead of parsing them again. `NODE_COMPILE_CACHE` chooses the folder (default: a folder of the
 * system's temporary directory); `NODE_DISABLE_COMPILE_CACHE=1` turns it off. On Node 20 it does
 * nothing. Call it before the command's modules are imported (they must be imported dynamically
 * after it). Never throws: a cache that cannot be written only costs speed.
 */
export function enableCompileCache(): void {
  if (!('enableCompileCache' in module) || typeof module.enableCompileCache !== 'function') return;
  try {
    module.enableCompileCache();
  } catch {
    // No cache: the command starts as it would without one.
  }
}
