// The final assistant message read from a real Claude Code-shaped transcript (JSONL files under os.tmpdir()):
// text after tool calls, messages split over lines, trailing tool calls and results, torn and malformed lines,
// missing and unreadable files, a file far larger than the tail that is read, and bytes that are not UTF-8.

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TAIL_BYTES, lastAssistantText } from '../../lib/hook/transcript.js';

const dir = mkdtempSync(join(tmpdir(), 'hw-transcript-'));
let n = 0;

/** Writes `lines` (objects are JSON-encoded, strings and buffers are written as they are) one per line. */
function transcript(lines: Array<object | string | Buffer>, opts: { trailingNewline?: boolean; eol?: string } = {}): string {
  const eol = opts.eol ?? '\n';
  const parts = lines.map((l) => (Buffer.isBuffer(l) ? l : Buffer.from(typeof l === 'string' ? l : JSON.stringify(l))));
  const joined = parts.flatMap((p, i) => (i === 0 ? [p] : [Buffer.from(eol), p]));
  if (opts.trailingNewline !== false) joined.push(Buffer.from(eol));
  const path = join(dir, `t${++n}.jsonl`);
  writeFileSync(path, Buffer.concat(joined));
  return path;
}

const prompt = (text: string) => ({ type: 'user', message: { role: 'user', content: text }, uuid: `u${++n}`, timestamp: '2026-11-22T12:00:00Z' });
const toolResult = (id: string, content = 'ok') => ({
  type: 'user',
  message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content }] },
  uuid: `u${++n}`,
});
const text = (t: string) => ({ type: 'text', text: t });
const toolUse = (id: string, command = 'npm test') => ({ type: 'tool_use', id, name: 'Bash', input: { command } });
const assistant = (id: string, ...content: object[]) => ({ type: 'assistant', message: { id, role: 'assistant', content }, uuid: `a${++n}` });

describe('lastAssistantText', () => {
  it('returns the text after the last tool result', () => {
    const path = transcript([
      prompt('fix the bug'),
      assistant('msg_01', text('Let me run the tests.'), toolUse('toolu_01')),
      toolResult('toolu_01', '42 passed'),
      assistant('msg_02', text('Done. All tests pass.')),
    ]);
    expect(lastAssistantText(path)).toBe('Done. All tests pass.');
  });

  it('joins one message split over several lines sharing message.id', () => {
    const path = transcript([
      prompt('fix the bug'),
      assistant('msg_01', { type: 'thinking', thinking: 'hmm', signature: 'x' }),
      assistant('msg_01', text('I fixed the null check.')),
      assistant('msg_01', text('I committed the changes.')),
    ]);
    expect(lastAssistantText(path)).toBe('I fixed the null check.\nI committed the changes.');
  });

  it('keeps the text of a message whose last line is a tool call', () => {
    const path = transcript([prompt('ship it'), assistant('msg_01', text('Pushing the branch now.')), assistant('msg_01', toolUse('toolu_02', 'git push'))]);
    expect(lastAssistantText(path)).toBe('Pushing the branch now.');
  });

  it('returns undefined when a tool result or a user prompt comes last', () => {
    expect(lastAssistantText(transcript([prompt('go'), assistant('msg_01', text('Running it.'), toolUse('toolu_03')), toolResult('toolu_03')]))).toBeUndefined();
    expect(lastAssistantText(transcript([assistant('msg_01', text('All tests pass.')), prompt('thanks, now push')]))).toBeUndefined();
  });

  it('returns undefined when the trailing assistant lines hold no text', () => {
    expect(lastAssistantText(transcript([prompt('go'), assistant('msg_01', toolUse('toolu_04'))]))).toBeUndefined();
    expect(lastAssistantText(transcript([prompt('go'), assistant('msg_01', text('   \n'))]))).toBeUndefined();
  });

  it('skips other line types, sidechain lines and synthetic API-error lines', () => {
    const path = transcript([
      prompt('go'),
      assistant('msg_01', text('The build succeeds.')),
      { type: 'system', subtype: 'informational', content: 'hook ran' },
      { ...assistant('msg_side', text('sidechain words')), isSidechain: true },
      { ...prompt('sidechain prompt'), isSidechain: true },
      { ...assistant('msg_err', text('API Error: overloaded')), isApiErrorMessage: true },
      { type: 'file-history-snapshot', messageId: 'm', snapshot: {} },
      { type: 'summary', summary: 'Fixing the build', leafUuid: 'x' },
    ]);
    expect(lastAssistantText(path)).toBe('The build succeeds.');
  });

  it('accepts string content in an assistant message', () => {
    const path = transcript([prompt('go'), { type: 'assistant', message: { role: 'assistant', content: 'Plain string content.' } }]);
    expect(lastAssistantText(path)).toBe('Plain string content.');
  });

  it('tolerates a partial last line (the transcript is still being written)', () => {
    const path = transcript([prompt('go'), assistant('msg_01', text('I pushed the branch.')), '{"type":"user","message":{"role":"us'], {
      trailingNewline: false,
    });
    expect(lastAssistantText(path)).toBe('I pushed the branch.');
  });

  it('skips malformed lines', () => {
    const path = transcript([
      prompt('go'),
      assistant('msg_01', text('First part.')),
      'not json at all',
      '[1,2,3]',
      'null',
      '42',
      '{"type":"assistant","message":null}',
      '{"type":"assistant","message":{"content":[null,7,{"type":"text","text":3},{"type":"text"}]}}',
      '',
      assistant('msg_01', text('Second part.')),
    ]);
    expect(lastAssistantText(path)).toBe('First part.\nSecond part.');
  });

  it('reads CRLF line endings', () => {
    const path = transcript([prompt('go'), assistant('msg_01', text('Deployed to staging.'))], { eol: '\r\n' });
    expect(lastAssistantText(path)).toBe('Deployed to staging.');
  });

  it('returns undefined for a missing file, a directory and an empty file, and never throws', () => {
    expect(lastAssistantText(join(dir, 'does-not-exist.jsonl'))).toBeUndefined();
    const sub = join(dir, 'a-directory');
    mkdirSync(sub);
    expect(lastAssistantText(sub)).toBeUndefined();
    expect(lastAssistantText(transcript([], { trailingNewline: false }))).toBeUndefined();
    expect(lastAssistantText('')).toBeUndefined();
    expect(lastAssistantText('\0bad')).toBeUndefined();
  });

  it('reads only the tail of a huge file', () => {
    const history: object[] = [];
    for (let i = 0; history.length * 400 < 4 * DEFAULT_TAIL_BYTES; i++) {
      history.push(prompt(`request ${i} ${'x'.repeat(300)}`), assistant(`msg_${i}`, text(`answer ${i}`)));
    }
    const path = transcript([...history, prompt('last request'), assistant('msg_last', text('All tests pass.'))]);
    expect(lastAssistantText(path)).toBe('All tests pass.');
  });

  it('ignores text outside the tail: an earlier line of the trailing message that the cut falls in', () => {
    const early = JSON.stringify(assistant('msg_01', text('EARLY text outside the tail.')));
    const late = JSON.stringify(assistant('msg_01', text('Late text.')));
    const path = transcript([prompt('go'), early, late]);
    // The tail starts halfway through the early line.
    expect(lastAssistantText(path, late.length + 1 + Math.floor(early.length / 2))).toBe('Late text.');
    // A tail that starts exactly on the early line keeps it.
    expect(lastAssistantText(path, early.length + 1 + late.length + 1)).toBe('EARLY text outside the tail.\nLate text.');
  });

  it('skips the cut first line even when its remainder is valid JSON', () => {
    // Were the torn line read, it would be a user line and end the message: the answer would be undefined.
    const userLine = JSON.stringify(prompt('torn'));
    const tail = JSON.stringify(assistant('msg_01', text('I ran the tests.')));
    const path = transcript([`garbage-before-${userLine}`, tail]);
    expect(lastAssistantText(path, userLine.length + 1 + tail.length + 1)).toBe('I ran the tests.');
  });

  it('returns undefined when the tail holds no whole line', () => {
    const path = transcript([prompt('go'), assistant('msg_01', text('x'.repeat(5000)))], { trailingNewline: false });
    expect(lastAssistantText(path, 100)).toBeUndefined();
  });

  it('falls back to the default tail for a nonsensical maxBytes', () => {
    const path = transcript([prompt('go'), assistant('msg_01', text('Committed.'))]);
    expect(lastAssistantText(path, 0)).toBe('Committed.');
    expect(lastAssistantText(path, Number.NaN)).toBe('Committed.');
    expect(lastAssistantText(path, -5)).toBe('Committed.');
  });

  it('decodes bytes that are not UTF-8 as U+FFFD', () => {
    const line = Buffer.concat([
      Buffer.from('{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"bad '),
      Buffer.from([0xff, 0xfe, 0xc3]),
      Buffer.from(' bytes, all tests pass"}]}}'),
    ]);
    const path = transcript([prompt('go'), Buffer.from([0x80, 0x81, 0x0d]), line]);
    const got = lastAssistantText(path);
    expect(got).toMatch(/^bad \uFFFD+ bytes, all tests pass$/u);
  });

  it('does not split a multi-byte character at the cut into the text', () => {
    const early = JSON.stringify(assistant('msg_01', text('€'.repeat(50))));
    const late = JSON.stringify(assistant('msg_01', text('Done ✓')));
    const path = transcript([prompt('go'), early, late]);
    // Cut in the middle of a 3-byte "€": the torn line is dropped, the late line is decoded intact.
    expect(lastAssistantText(path, Buffer.byteLength(late) + 1 + 61)).toBe('Done ✓');
  });
});
