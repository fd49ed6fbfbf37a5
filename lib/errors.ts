// One error class for everything a user or operator can see; `code` is stable, `message` is one line.

export type ErrorCode =
  | 'E_STDIN_EMPTY'
  | 'E_STDIN_TOO_LARGE'
  | 'E_STDIN_JSON'
  | 'E_STDIN_SCHEMA'
  | 'E_PATTERN_INVALID'
  | 'E_PATTERN_FILE'
  | 'E_CONFIG_INVALID'
  | 'E_INTERNAL'
  | 'E_USAGE'
  | 'E_STATE_LOCK'
  | 'E_UNSAFE_PATH';

export class HookwardenError extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'HookwardenError';
    this.code = code;
  }
}

/** First line of any thrown value, bounded, for stderr and audit. Never a stack trace, never throws. */
export function oneLine(err: unknown, max = 200): string {
  let text: string;
  try {
    text = err instanceof Error ? err.message || err.name : String(err);
  } catch {
    text = 'unprintable error';
  }
  const first = (text.split(/\r?\n/, 1)[0] ?? '').trim() || 'unknown error';
  return first.length > max ? `${first.slice(0, max - 1)}…` : first;
}
