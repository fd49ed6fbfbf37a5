// The public vocabulary of the interpreter analysis: the languages, what an action is, the unknown target.

export type InterpreterLang = 'python' | 'node' | 'perl' | 'ruby' | 'php';

export interface InterpreterAction {
  /** The API call as written, e.g. "shutil.rmtree" — used in messages. */
  api: string;
  /** An equivalent simple command, e.g. ["rm", "-rf", "/"] */
  argv?: string[];
  /** Or a shell script the code runs, e.g. the string given to os.system */
  shell?: string;
}

export const UNKNOWN_TARGET = '<unknown>';
