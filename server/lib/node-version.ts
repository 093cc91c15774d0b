/**
 * The Node.js lines the console is supported on (README, package.json's `engines`). An older Node
 * still runs it, and npm's install says so only in one EBADENGINE line among many: the start says
 * it once more, in one line of its own.
 */
export const SUPPORTED_NODE = '22 or 24';
const OLDEST_SUPPORTED = 22;

/** The line a start prints on `version` (`process.version`, `v20.19.5`), or null when it is supported or newer. */
export function oldNodeWarning(version: string): string | null {
  const major = Number(/^v?(\d+)\./.exec(version)?.[1]);
  if (!Number.isFinite(major) || major >= OLDEST_SUPPORTED) return null;
  return `Node ${version} is older than ${OLDEST_SUPPORTED}, the supported versions (${SUPPORTED_NODE}); the console may still run, but is not supported`;
}

let said = false;

/** Prints the warning once per process (`npm start` reaches both of its callers: scripts/start.ts, server/main.ts). */
export function warnOnOldNode(version = process.version): void {
  const line = oldNodeWarning(version);
  if (!line || said) return;
  said = true;
  // stderr: stdout is the log's, one JSON line per event
  console.warn(line);
}
