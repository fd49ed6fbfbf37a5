// The program table's cloud storage tools: aws s3, gsutil, gcloud storage, az storage blob.

import { lazy } from '../../../vocab/lazy.js';
import { R, RD, read, W, write } from './roles.js';
import type { ArgSpec } from './types.js';

const AWS_GLOBALS = [
  '--profile', '--region', '--endpoint-url', '--output', '--query', '--cli-read-timeout', '--cli-connect-timeout', '--ca-bundle',
  '--color',
];
const AWS_COPY = lazy((): ArgSpec => ({
  long: [
    ...AWS_GLOBALS, '--acl', '--storage-class', '--exclude', '--include', '--sse', '--sse-kms-key-id', '--sse-c', '--sse-c-key',
    '--content-type', '--cache-control', '--content-disposition', '--content-encoding', '--content-language', '--expires', '--metadata',
    '--metadata-directive', '--grants', '--website-redirect', '--copy-props', '--expected-size', '--source-region', '--request-payer',
    '--checksum-algorithm', '--page-size',
  ],
  roles: R,
  dest: W,
}));
export const AWS = lazy((): ArgSpec => ({
  long: AWS_GLOBALS,
  sub: { s3: { long: AWS_GLOBALS, sub: { cp: AWS_COPY(), sync: AWS_COPY(), mv: { ...AWS_COPY(), roles: RD } } } },
}));

const GSUTIL_COPY = lazy((): ArgSpec => ({ short: 'azjLsx', roles: R, dest: W, files: { '-L': write } }));
export const GSUTIL = lazy((): ArgSpec => ({ short: 'hou', sub: { cp: GSUTIL_COPY(), rsync: GSUTIL_COPY(), mv: { ...GSUTIL_COPY(), roles: RD } } }));

const GCLOUD_GLOBALS = [
  '--project', '--account', '--billing-project', '--configuration', '--flags-file', '--format', '--impersonate-service-account',
  '--verbosity', '--access-token-file',
];
const GCLOUD_COPY = lazy((): ArgSpec => ({
  long: [
    ...GCLOUD_GLOBALS, '--content-type', '--cache-control', '--content-disposition', '--content-encoding', '--content-language',
    '--custom-time', '--storage-class', '--predefined-acl', '--encryption-key', '--decryption-keys', '--manifest-path',
    '--additional-headers', '--custom-metadata', '--canned-acl',
  ],
  roles: R,
  dest: W,
}));
export const GCLOUD = lazy((): ArgSpec => ({
  long: GCLOUD_GLOBALS,
  sub: { storage: { long: GCLOUD_GLOBALS, sub: { cp: GCLOUD_COPY(), rsync: GCLOUD_COPY(), mv: { ...GCLOUD_COPY(), roles: RD } } } },
}));

const AZ_BLOB_VALUES = [
  '--file', '--source', '--destination', '--container-name', '--name', '--account-name', '--account-key', '--connection-string',
  '--sas-token', '--auth-mode', '--subscription',
];
export const AZ = lazy((): ArgSpec => ({
  short: 'o',
  long: ['--subscription', '--output', '--query'],
  sub: {
    storage: {
      sub: {
        blob: {
          sub: {
            upload: { short: 'fcn', long: AZ_BLOB_VALUES, files: { '--file': read, '-f': read } },
            'upload-batch': { short: 'sd', long: AZ_BLOB_VALUES, files: { '--source': read, '-s': read } },
            download: { short: 'fcn', long: AZ_BLOB_VALUES, files: { '--file': write, '-f': write } },
            'download-batch': { short: 'sd', long: AZ_BLOB_VALUES, files: { '--destination': write, '-d': write } },
          },
        },
      },
    },
  },
}));
