// Start-up wrapper of every hook bundle (see scripts/build.ts and scripts/hook-file.ts). The bundle's code sits
// beside this file as plain ASCII (`<hook>.code.js`, already wrapped as a CommonJS module function), read as
// latin1 (a one-byte string, no UTF-8 decoding) and compiled with V8's code cache from $HOOKWARDEN_HOME/cache:
// parsing and compiling the code is the largest cost of a hook call after node itself, and a cache hit skips most
// of it. Any problem with the cache (missing, corrupt, from another node version, unwritable directory) only means
// a normal compile.
// V8 does not treat cached data as untrusted input, so it is read only from a private home (a real folder of the
// user's that no one else can write, as lib/fs/checks.ts defines it), never through a link, and written only
// through a tmp file created exclusively (docs/security.md).
// HOOKWARDEN_TIMING=1 records when each step ended (globalThis.__hwMarks; lib/hook/timing.ts prints them).
'use strict';
// Node compiles each of its own functions the first time a process calls it (~40-60 us for path.join, path.relative
// or process.once): the loader uses path.resolve, which node's own module loading has already compiled, for its
// absolute folder and plain file names, and process.on for its exit handler (docs/performance.md).
// A hook's loader reads its stdin before anything else (globalThis.__hwStdin, lib/hook/main.ts: read or failed alike,
// taken once), into one buffer with plain reads: readFileSync(0) cost ~0.1 ms more per call (a pipe is read in 8 KB
// steps into a list of buffers, joined at the end).
// A hook with a shell variant (`shell`: its code file, cache id and the shell tools' names; scripts/build-chunks.ts)
// then runs that variant for a shell command: the variant carries the shell analyser a Bash call needs, which the
// hook's own code loads as a chunk. Only which code runs depends on the guess: both judge alike.
function hwReadStdin(fs) {
  try {
    let buf = Buffer.allocUnsafe(65536);
    let size = 0;
    for (;;) {
      if (size === buf.length) {
        const bigger = Buffer.allocUnsafe(buf.length * 4);
        buf.copy(bigger, 0, 0, size);
        buf = bigger;
      }
      let n;
      try {
        n = fs.readSync(0, buf, size, buf.length - size, null);
      } catch (err) {
        // Windows reports the end of a pipe as an error.
        if (err.code !== 'EOF') throw err;
        n = 0;
      }
      if (n === 0) return { buf: buf.subarray(0, size) };
      size += n;
    }
  } catch (err) {
    return { err };
  }
}

// The value of the stdin's first "tool_name" (or Copilot's "toolName") field, if it is a plain name: the bytes are
// scanned by hand (a regex was ~0.1 ms of compiling in a process that runs it once).
function hwShellCall(buf, tools) {
  const blank = (c) => c === 32 || c === 9 || c === 10 || c === 13;
  for (const field of ['"tool_name"', '"toolName"']) {
    let at = buf.indexOf(field);
    if (at < 0) continue;
    at += field.length;
    while (blank(buf[at])) at++;
    if (buf[at++] !== 58) return false; // :
    while (blank(buf[at])) at++;
    if (buf[at++] !== 34) return false; // "
    const end = buf.indexOf(34, at);
    if (end < 0 || end - at > 40) return false;
    for (let i = at; i < end; i++) {
      const c = buf[i] | 32;
      if (!((c >= 97 && c <= 122) || buf[i] === 95)) return false; // A-Z, a-z, _
    }
    return tools.includes(buf.latin1Slice(at, end));
  }
  return false;
}

function hwRunCached(codeFile, id, mod, req, filename, dirname, failExit, shell) {
  // A chunk loaded later (scripts/build-chunks.ts) adds to the hook's list.
  const marks = process.env.HOOKWARDEN_TIMING === '1' ? (globalThis.__hwMarks = globalThis.__hwMarks || [['node', performance.now()]]) : null;
  const fs = req('node:fs');
  const path = req('node:path');
  const vm = req('node:vm');
  const C = fs.constants;
  let codeFd;
  if (failExit !== undefined) {
    const stdin = (globalThis.__hwStdin = hwReadStdin(fs));
    if (shell && stdin.buf && hwShellCall(stdin.buf, shell.tools)) {
      try {
        codeFd = fs.openSync(path.resolve(dirname, shell.codeFile), 'r');
        codeFile = shell.codeFile;
        id = shell.id;
      } catch {
        // A half-copied install without the variant: the hook's own code judges alike.
      }
    }
  }
  const tag = marks && marks.length > 1 ? ` ${id.slice(0, id.lastIndexOf('-'))}` : '';
  const uid = typeof process.getuid === 'function' ? process.getuid() : null;
  const mine = (s) => uid === null || s.uid === uid;
  const privateDir = (p) => {
    const s = fs.lstatSync(p);
    return s.isDirectory() && mine(s) && (uid === null || (s.mode & 0o022) === 0);
  };
  // Both files are read into one buffer, the code first (decoded to a string at once) and then the cache over it,
  // which V8 has consumed once the script is compiled: fresh memory is what a short process pays most for (a page
  // fault per 4 KB, ~14 us each on a small VM), and a second buffer for the code was ~60 of them per call.
  const readInto = (fd, buf, size) => {
    let at = 0;
    while (at < size) {
      const n = fs.readSync(fd, buf, at, size - at, null);
      if (n === 0) break;
      at += n;
    }
    return at;
  };
  let hw;
  let file;
  // This code's caches for this node, one per set of node flags (V8 rejects a cache made under other flags, so the
  // installed command's `node --jitless …` (lib/cli/hook-command.ts) and a bare `node <hook>.js` keep one each
  // rather than rewriting one another's): `<build>` with `+<flag>…` after it for flags.
  const build = `v8-${id}-${process.version}-${process.arch}`;
  const flagged = process.execArgv.map((a) => `+${a.replace(/^-+/, '').replace(/[^\w.=-]/g, '_')}`).join('').slice(0, 80);
  let cacheFd;
  let cacheSize = 0;
  try {
    // The home and its cache directory are found and checked once per process: a chunk loaded later (hwChunk
    // below) reuses the answer instead of stat-ing both again.
    let where = globalThis.__hwCacheDir;
    if (!where) {
      const env = process.env.HOOKWARDEN_HOME && process.env.HOOKWARDEN_HOME.trim();
      // os.homedir() is $HOME when set (POSIX): node:os is loaded only without it (lib/fs/home-dir.ts).
      const home = (process.platform !== 'win32' && process.env.HOME) || req('node:os').homedir();
      const h = !env ? path.resolve(home, '.hookwarden') : env === '~' ? home : env.startsWith('~/') ? path.join(home, env.slice(2)) : path.resolve(env);
      let ok = false;
      try {
        ok = privateDir(h) && privateDir(path.resolve(h, 'cache'));
      } catch {
        ok = false;
      }
      where = globalThis.__hwCacheDir = { hw: h, ok };
    }
    hw = where.hw;
    file = path.resolve(hw, 'cache', `${build}${flagged}.bin`);
    if (where.ok) {
      const fd = fs.openSync(file, C.O_RDONLY | (C.O_NOFOLLOW || 0) | (C.O_NONBLOCK || 0));
      const s = fs.fstatSync(fd);
      if (s.isFile() && s.nlink === 1 && mine(s) && s.size < 64 * 1024 * 1024) {
        cacheFd = fd;
        cacheSize = s.size;
      } else fs.closeSync(fd);
    }
  } catch {
    cacheFd = undefined;
  }
  let src;
  let buf;
  try {
    const fd = codeFd !== undefined ? codeFd : fs.openSync(path.resolve(dirname, codeFile), 'r');
    try {
      const size = fs.fstatSync(fd).size;
      // A chunk loaded later reuses the hook's buffer when it is big enough: its pages are already mapped.
      const need = Math.max(size, cacheSize);
      buf = globalThis.__hwReadBuf && globalThis.__hwReadBuf.length >= need ? globalThis.__hwReadBuf : (globalThis.__hwReadBuf = Buffer.allocUnsafeSlow(need));
      src = buf.toString('latin1', 0, readInto(fd, buf, size));
    } finally {
      fs.closeSync(fd);
    }
  } catch (err) {
    if (cacheFd !== undefined) fs.closeSync(cacheFd);
    // A hook without its code (a half-copied install): one line, and a guard hook's failure exit, not node's trace.
    if (failExit === undefined) throw new Error(`cannot read ${codeFile} (${err.code || err.message}); reinstall hookwarden`);
    process.stderr.write(`hookwarden: cannot read ${path.join(dirname, codeFile)} (${err.code || err.message}); reinstall hookwarden\n`);
    process.exit(failExit);
  }
  if (marks) marks.push([`code read${tag}`, performance.now()]);
  // A cache file is V8's data, then the kinds of call whose code it holds (`shapes` below) as ASCII words joined by
  // commas, then that list's length in one byte. Anything else is no cache.
  let cached;
  let shapes = [];
  if (cacheFd !== undefined) {
    try {
      const n = readInto(cacheFd, buf, cacheSize);
      const listed = n === cacheSize && n > 0 ? buf[n - 1] : -1;
      const list = listed >= 0 && listed < n ? buf.latin1Slice(n - 1 - listed, n - 1) : null;
      if (list !== null && /^[\w:+-]*(?:,[\w:+-]+)*$/.test(list)) {
        cached = buf.subarray(0, n - 1 - listed);
        shapes = list ? list.split(',') : [];
      }
    } catch {
      cached = undefined;
    } finally {
      fs.closeSync(cacheFd);
    }
  }
  if (marks) marks.push([`cache read${tag}`, performance.now()]);
  // The code file is already the function node's module wrapper would make (scripts/hook-file.ts).
  const script = new vm.Script(src, { filename, cachedData: cached });
  if (marks) marks.push([`${cached && !script.cachedDataRejected ? 'compile (cached)' : 'compile'}${tag}`, performance.now()]);
  const rejected = !cached || script.cachedDataRejected;
  if (file) {
    // Written at exit, so that the functions this call compiled lazily are in it. A cache holds what the calls that
    // wrote it ran, and every later call compiles the rest from source, each time: so a call of a kind the cache
    // has not seen (globalThis.__hwShape, lib/hook/main.ts: what it judged, its verdict, whether it checked paths)
    // rewrites it with everything this process compiled, its own code and the cache's. A handful of rewrites per
    // build, then none: the first `git status` no longer decides what every `cat file` or refusal compiles.
    process.on('exit', () => {
      const shape = typeof globalThis.__hwShape === 'string' && /^[\w:+-]{1,60}$/.test(globalThis.__hwShape) ? globalThis.__hwShape : 'other';
      if (!rejected && (shapes.includes(shape) || shapes.length >= 32)) return;
      const list = (rejected ? [shape] : [...shapes, shape]).join(',');
      if (list.length > 255) return;
      try {
        const data = Buffer.concat([script.createCachedData(), Buffer.from(list, 'latin1'), Buffer.from([list.length])]);
        // The home first (a link there must not carry the mkdir of cache/ elsewhere), then cache/ itself.
        fs.mkdirSync(hw, { recursive: true, mode: 0o700 });
        if (!privateDir(hw)) return;
        try {
          fs.mkdirSync(path.dirname(file), { mode: 0o700 });
        } catch {
          // there already: checked next
        }
        if (!privateDir(path.dirname(file))) return;
        const tmp = `${file}.${process.pid}.tmp`;
        const fd = fs.openSync(tmp, C.O_WRONLY | C.O_CREAT | C.O_EXCL | (C.O_NOFOLLOW || 0), 0o600);
        try {
          fs.writeSync(fd, data);
        } finally {
          fs.closeSync(fd);
        }
        let there = null;
        try {
          there = fs.lstatSync(file);
        } catch {
          // nothing there yet
        }
        if (there && (!there.isFile() || there.nlink !== 1 || !mine(there))) return fs.rmSync(tmp, { force: true });
        fs.renameSync(tmp, file);
        // Caches of this hook's earlier builds or node versions are dead weight: remove them (this build's for this
        // node under other flags stay). The hash right after the prefix: `chunk-shell-` must not take
        // `chunk-shell-observe-`'s caches.
        const prefix = `v8-${id.slice(0, id.lastIndexOf('-') + 1)}`;
        for (const f of fs.readdirSync(path.dirname(file))) {
          const own = f.startsWith(prefix) && /^[0-9a-f]{16}-/.test(f.slice(prefix.length)) && f.endsWith('.bin');
          const thisBuild = f.startsWith(build) && /^(?:\+[\w.=-]*)*\.bin$/.test(f.slice(build.length));
          if (own && !thisBuild) fs.rmSync(path.join(path.dirname(file), f), { force: true });
        }
      } catch {
        // A read-only or full disk costs the next call a compile, nothing more.
      }
    });
  }
  // Chunks (scripts/build-chunks.ts) are only a code file, run by the hook's own loader: a loader file of their own
  // cost ~0.7 ms more per chunk (resolving, reading and compiling it). Like require, once per chunk and process: a
  // chunk has a stub for each of its entry modules.
  if (!globalThis.__hwChunk) {
    const loaded = new Map();
    globalThis.__hwChunk = (chunkCode, chunkId) => {
      let m = loaded.get(chunkCode);
      if (!m) {
        m = { exports: {} };
        hwRunCached(chunkCode, chunkId, m, req, path.resolve(dirname, chunkCode), dirname);
        loaded.set(chunkCode, m);
      }
      return m.exports;
    };
  }
  script.runInThisContext().call(mod.exports, mod.exports, req, mod, filename, dirname);
}
