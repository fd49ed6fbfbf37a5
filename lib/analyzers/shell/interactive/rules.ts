// Rule ids and the wording shared by the detectors.

export const RULE = {
  follow: 'interactive/follow-log',
  pager: 'interactive/pager',
  editor: 'interactive/editor',
  prompt: 'interactive/prompt',
  repl: 'interactive/repl',
  watch: 'interactive/watch',
  monitor: 'interactive/monitor',
  remote: 'interactive/remote-shell',
  unbounded: 'interactive/unbounded',
} as const;

export const BACKGROUND = 'or run it with run_in_background';
export const DEFAULT_LINES = '200';
