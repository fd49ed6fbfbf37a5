// The fetch's own limits against the real bundle server: a body over the cap is refused whether the server
// announces its size or streams it, and a redirect is not followed (the managed config names the one URL).

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchBundle } from '../../lib/policy/fetch.js';
import { makeBundle, startBundleServer, testKey, type BundleServer } from '../helpers/bundle-server.js';

let server: BundleServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('fetching a bundle', () => {
  it('refuses a body over the size cap, announced or streamed', async () => {
    server = await startBundleServer(JSON.stringify(makeBundle(testKey(), 'r1')));
    expect(await fetchBundle(server.url, { timeoutMs: 5000, maxBytes: 100 })).toEqual({ status: 'failed', reason: expect.stringMatching(/^the bundle is \d+ bytes, over the 100-byte limit$/) });
    server.mode('chunked');
    expect(await fetchBundle(server.url, { timeoutMs: 5000, maxBytes: 100 })).toEqual({ status: 'failed', reason: 'the bundle is over the 100-byte limit' });
    const whole = await fetchBundle(server.url, { timeoutMs: 5000 });
    expect(whole).toMatchObject({ status: 'ok', etag: '"v1"' });
  });

  it('does not follow a redirect, and says to put the final URL in the setting', async () => {
    const s = createServer((_req, res) => res.writeHead(302, { Location: 'http://127.0.0.1:1/elsewhere.json' }).end());
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
    try {
      const r = await fetchBundle(`http://127.0.0.1:${(s.address() as AddressInfo).port}/b.json`, { timeoutMs: 5000 });
      expect(r).toEqual({ status: 'failed', reason: 'the server answered HTTP 302 (redirects are not followed: put the final URL in policy.bundle.url)' });
    } finally {
      s.close();
    }
  });
});
