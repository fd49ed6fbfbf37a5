// The detection table: program (family) → detector.

import { NONE } from './args.js';
import { detectEditor } from './editors.js';
import { DOCKER_LOGS, detectJournal, detectLogs, detectTail, KUBECTL_LOGS } from './follow-logs.js';
import { detectGit } from './git-prompts.js';
import { detectMonitor, detectPing, detectSleep, detectTop, detectWatch, detectYes } from './monitors.js';
import { detectMan, detectPager, PAGERS } from './pagers.js';
import { detectRepl, REPLS } from './repls.js';
import { detectSsh } from './ssh.js';
import type { Detector } from './types.js';

const EDITORS = ['vi', 'vim', 'nvim', 'view', 'vimdiff', 'ex', 'ed', 'nano', 'emacs', 'pico', 'micro', 'joe', 'helix', 'hx', 'kak', 'ne', 'mcedit'];
const MONITORS = ['htop', 'btop', 'bpytop', 'glances', 'iotop', 'atop', 'nmon', 'iftop', 'nload', 'bmon'];

export const DETECTORS: Readonly<Record<string, Detector>> = {
  tail: detectTail,
  journalctl: detectJournal,
  docker: detectLogs(DOCKER_LOGS),
  podman: detectLogs(DOCKER_LOGS),
  'docker-compose': detectLogs({ ...DOCKER_LOGS, groups: NONE }),
  kubectl: detectLogs(KUBECTL_LOGS),
  watch: detectWatch,
  top: detectTop,
  ping: detectPing,
  ping6: detectPing,
  yes: detectYes,
  sleep: detectSleep,
  man: detectMan,
  git: detectGit,
  ssh: detectSsh,
  ...Object.fromEntries(Object.keys(PAGERS).map((p) => [p, detectPager])),
  ...Object.fromEntries(EDITORS.map((p) => [p, detectEditor])),
  ...Object.fromEntries(MONITORS.map((p) => [p, detectMonitor])),
  ...Object.fromEntries(Object.keys(REPLS).map((p) => [p, detectRepl])),
};
