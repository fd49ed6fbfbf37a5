// Phase d, content inspection: aws. describe-*, list-* and s3 ls read; get-* reads unless it names an
// output file.

import type { Segment } from '../types.js';
import { positionals } from './args.js';
import { type IntentResult, inspected, PLAIN_READ, unsafe } from './result.js';

const AWS_VALUED: ReadonlySet<string> = new Set([
  '--region', '--profile', '--output', '--endpoint-url', '--query', '--color', '--ca-bundle', '--cli-read-timeout',
  '--cli-connect-timeout', '--cli-binary-format',
]);

/** A bare word after the operation that is not an option's value: an outfile (`s3api get-object … out.bin`). */
function awsOutfile(argv: readonly string[], from: number): string | undefined {
  for (let i = from; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a.startsWith('--')) {
      if (!a.includes('=') && argv[i + 1] !== undefined && !(argv[i + 1] as string).startsWith('--')) i++;
    } else return a;
  }
  return undefined;
}

export function judgeAws(seg: Segment): IntentResult {
  const [service, op] = positionals(seg.argv, AWS_VALUED);
  if (!service || !op) return unsafe('aws without a service operation is not known read-only');
  const call = `aws ${service.word} ${op.word}`;
  if (service.word === 's3' && op.word === 'ls') return PLAIN_READ;
  if (op.word.startsWith('describe-') || op.word.startsWith('list-')) return PLAIN_READ;
  if (!op.word.startsWith('get-')) return unsafe(`${call} is not a known read-only aws call`);
  const outfile = awsOutfile(seg.argv, op.index + 1);
  return outfile !== undefined ? unsafe(`${call} writes its result to ${outfile}`) : inspected(`${call} has no output file operand`);
}
