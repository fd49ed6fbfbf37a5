import { describe, expect, it } from 'vitest';
import { normaliseArgs, normaliseOperand } from '../../../lib/analyzers/shell/index.js';

const ctx = { cwd: '/home/dev/project', home: '/home/dev' };

describe('normaliseOperand', () => {
  it.each([
    ['~', '~'],
    ['~/', '~'],
    ['~/x', '~/x'],
    ['~/x/', '~/x'],
    ['$HOME', '~'],
    ['${HOME}', '~'],
    ['$HOME/', '~'],
    ['$HOME/x', '~/x'],
    ['${HOME}/.ssh/', '~/.ssh'],
    ['/home/dev', '~'],
    ['/home/dev/', '~'],
    ['/home/dev/project/src', '~/project/src'],
    ['/home/devel', '/home/devel'],
    ['/', '/'],
    ['//', '/'],
    ['/etc/', '/etc'],
    ['/usr/../etc/./x', '/etc/x'],
    ['/*', '/*'],
    ['./build/', 'build'],
    ['./*', '*'],
    ['./', '.'],
    ['.', '.'],
    ['../', '..'],
    ['./.git/', '.git'],
    ['*', '*'],
    ['*.log', '*.log'],
    ['node_modules', 'node_modules'],
    ['777', '777'],
    ['of=/dev/sda', 'of=/dev/sda'],
    ['https://x.example//a/', 'https://x.example//a/'],
    ['~/..', '/home'],
    ['$HOME/../other', '/home/other'],
    ['~/./x/../y', '~/y'],
    ['~alice', '~alice'],
    ['', ''],
  ])('%s → %s', (word, expected) => {
    expect(normaliseOperand(word, ctx)).toBe(expected);
  });
});

describe('normaliseArgs', () => {
  const flags = (argv: string[]): string[] => [...normaliseArgs(argv).flags].sort();
  const operands = (argv: string[]): string[] => normaliseArgs(argv).operands;

  it('splits short clusters and keeps the original', () => {
    expect(flags(['rm', '-rf', 'x'])).toEqual(['-f', '-r', '-rf']);
    expect(flags(['rm', '-fr', 'x'])).toEqual(['-f', '-fr', '-r']);
    expect(flags(['rm', '-r', '-f', 'x'])).toEqual(['-f', '-r']);
  });

  it('reduces --long=value to --long', () => {
    expect(flags(['git', 'push', '--force-with-lease=main'])).toEqual(['--force-with-lease', '--force-with-lease=main']);
    expect(flags(['rm', '--recursive', '--force'])).toEqual(['--force', '--recursive']);
  });

  it('ends options at -- and treats a lone - as an operand', () => {
    expect(normaliseArgs(['rm', '-r', '--', '-f', '/'])).toEqual({ flags: new Set(['-r']), operands: ['-f', '/'] });
    expect(operands(['cat', '-', 'x'])).toEqual(['-', 'x']);
  });

  it('keeps numeric flags whole', () => {
    expect(flags(['kill', '-9', '-1'])).toEqual(['-1', '-9']);
  });

  it('includes option values among operands', () => {
    expect(operands(['git', 'push', '-u', 'origin', 'main'])).toEqual(['push', 'origin', 'main']);
  });

  it('skips git global options before the subcommand', () => {
    expect(normaliseArgs(['git', '-C', 'repo', '-c', 'core.x=1', '--no-pager', 'push', '-f'])).toEqual({
      flags: new Set(['-f']),
      operands: ['push'],
    });
    expect(operands(['git', '--git-dir=.git', 'status'])).toEqual(['status']);
  });

  it('keeps find predicates whole and skips -exec commands', () => {
    const n = normaliseArgs(['find', '/', '-name', 'x', '-exec', 'rm', '-rf', '{}', ';', '-delete']);
    expect([...n.flags].sort()).toEqual(['-delete', '-exec', '-name']);
    expect(n.operands).toEqual(['/', 'x']);
  });
});
