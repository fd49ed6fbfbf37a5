// The detection table: program (family) → detector. A function, not an object of ~100 entries: every Bash call
// looks up each of its programs here, and building the object (and the log tools' option sets) at start-up was
// ~25 KB of young allocation per call (docs/performance.md). What a lookup needs is built on first use.

import { NONE } from './args.js';
import { detectEditor } from './editors.js';
import { DOCKER_LOGS, detectJournal, detectLogs, detectTail, KUBECTL_LOGS } from './follow-logs.js';
import { detectGit } from './git-prompts.js';
import { detectMonitor, detectPing, detectSleep, detectTop, detectWatch, detectYes } from './monitors.js';
import { detectMan, detectPager, PAGERS } from './pagers.js';
import { detectRepl, isRepl } from './repls.js';
import { detectSsh } from './ssh.js';
import type { Detector } from './types.js';

const EDITORS = ['vi', 'vim', 'nvim', 'view', 'vimdiff', 'ex', 'ed', 'nano', 'emacs', 'pico', 'micro', 'joe', 'helix', 'hx', 'kak', 'ne', 'mcedit'];
const MONITORS = ['htop', 'btop', 'bpytop', 'glances', 'iotop', 'atop', 'nmon', 'iftop', 'nload', 'bmon'];

let dockerLogs: Detector | undefined;
let composeLogs: Detector | undefined;
let kubectlLogs: Detector | undefined;

/** The detector for a program family, if it has one. */
export function detectorFor(family: string): Detector | undefined {
  switch (family) {
    case 'tail':
      return detectTail;
    case 'journalctl':
      return detectJournal;
    case 'docker':
    case 'podman':
      return (dockerLogs ??= detectLogs(DOCKER_LOGS()));
    case 'docker-compose':
      return (composeLogs ??= detectLogs({ ...DOCKER_LOGS(), groups: NONE }));
    case 'kubectl':
      return (kubectlLogs ??= detectLogs(KUBECTL_LOGS()));
    case 'watch':
      return detectWatch;
    case 'top':
      return detectTop;
    case 'ping':
    case 'ping6':
      return detectPing;
    case 'yes':
      return detectYes;
    case 'sleep':
      return detectSleep;
    case 'man':
      return detectMan;
    case 'git':
      return detectGit;
    case 'ssh':
      return detectSsh;
  }
  if (Object.hasOwn(PAGERS, family)) return detectPager;
  if (EDITORS.includes(family)) return detectEditor;
  if (MONITORS.includes(family)) return detectMonitor;
  if (isRepl(family)) return detectRepl;
  return undefined;
}
