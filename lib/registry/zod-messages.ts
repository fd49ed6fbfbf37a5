// zod/mini ships without messages; registry authors read them ("Unrecognized key: …"), so the registry
// schemas import this module for its side effect. Only the compile path does, never a hook's hot path.

import { config } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

config(en());
