// What the memory-request analyzer answers, and its options.

export interface MemoryRequest {
  op: 'remember' | 'forget';
  /** remember: the fact to store; forget: what to forget (words to match against stored facts, or an item id "m-…"). */
  fact: string;
  /** Id of the registry pattern whose cue matched. */
  cue: string;
  /** 'user' when the request says it holds in every project ("in all my projects", "globally", "everywhere",
   * "across projects"); that phrase is removed from the fact. */
  scope: 'project' | 'user';
}

export interface ConsentAnswer {
  op: 'approve' | 'reject';
  id: string;
  cue: string;
}

export interface FindOptions {
  /** false: run every cue on every sentence, without the keyword gates and the item-id precheck (tests only: the
   * result must be the same). Default true. */
  gates?: boolean;
}
