// Interpreter one-liners judged by what they do: `python -c`, `node -e`, `perl -e`, `ruby -e`, `php -r`
// (and code fed to those interpreters on stdin) turned into equivalent shell actions the caller feeds back
// into the shell analysis: `shutil.rmtree('/')` → rm -rf /, `os.system(S)` → the script S,
// `open(T, 'w')` → tee T. A small lexer per language keeps string literals and comments out of the way
// (data is data); calls are then found in code tokens only and their literal arguments evaluated.
// Bounded work; never throws.
//
// The folder, in the order the work runs:
//   types.ts, limits.ts             the public vocabulary; bounds on the work
//   argv.ts                         which interpreter, and where its inline code is
//   lexer.ts ← lex-*.ts             code tokens, string values, comments dropped (helpers: chars.ts, lex-text.ts)
//   tokens.ts                       tokens, and streams ready for evaluation
//   eval.ts ← eval-*.ts             aliases, then calls found in code tokens (values.ts: what expressions are worth)
//   calls.ts, calls-<lang>.ts       what each call means, per language; specs.ts maps a language to its table

export { interpreterCode, interpreterLang } from './argv.js';
export { interpreterActions } from './eval.js';
export { type InterpreterAction, type InterpreterLang, UNKNOWN_TARGET } from './types.js';
