// The call table of each language.

import { NODE } from './calls-node.js';
import { PERL } from './calls-perl.js';
import { PHP } from './calls-php.js';
import { PYTHON } from './calls-python.js';
import { RUBY } from './calls-ruby.js';
import type { LangSpec } from './calls.js';
import type { InterpreterLang } from './types.js';

export const SPECS: Readonly<Record<InterpreterLang, LangSpec>> = { python: PYTHON, node: NODE, ruby: RUBY, perl: PERL, php: PHP };
