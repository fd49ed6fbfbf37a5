// What the fact classifier answers, and the registry patterns it reads.

import type { CompiledConvention, CompiledSensitive, SensitiveCategory } from '../../../registry/types.js';

export interface FactClassification {
  class: 'low' | 'sensitive';
  /** Sensitive categories found (registry order, no duplicates); ['uncertain'] when nothing showed the fact is low
   *  and no category fired; empty for low. May mix, e.g. ['person','uncertain'] is NOT allowed: uncertain only alone. */
  categories: Array<SensitiveCategory | 'uncertain'>;
  /** Ids of every pattern (sensitive and convention) that fired on the text, in registry order. */
  by: string[];
  /** The text with every sensitive span replaced by `[<category>]` (possible names by `[person?]`); when the fact is
   *  sensitive only because it is uncertain and no span can be named, `[unclassified fact, N words]`. Never contains a
   *  sensitive span. For low facts: the text itself. */
  masked: string;
}

export interface ClassifierPatterns {
  sensitive: readonly CompiledSensitive[];
  conventions: readonly CompiledConvention[];
}
