// The user's home directory without loading node:os on a hook's hot path: os.homedir() returns $HOME when it is set
// and not empty (POSIX), so that is read first, exactly as it would; node:os is asked only without it, and on
// Windows (where it reads USERPROFILE). Its first load was ~0.5 ms of every hook call (docs/performance.md).

type Os = typeof import('node:os');

export function homeDir(): string {
  if (process.platform !== 'win32' && process.env.HOME) return process.env.HOME;
  // process.getBuiltinModule is node >= 20.16; a bundle (CommonJS) has require.
  const os = (process.getBuiltinModule?.('node:os') as Os | undefined) ?? (typeof require === 'function' ? (require('node:os') as Os) : undefined);
  if (!os) throw new Error('cannot find the home directory: HOME is not set and node:os is not available');
  return os.homedir();
}
