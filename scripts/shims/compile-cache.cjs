// Start-up wrapper of every hook bundle (see scripts/build.ts). The bundle's code arrives as a string and
// is compiled with V8's code cache from $HOOKWARDEN_HOME/cache: parsing and compiling ~400 KB of JavaScript
// is the largest cost of a hook call after node itself, and a cache hit skips most of it. Any problem with
// the cache (missing, corrupt, from another node version, unwritable directory) only means a normal compile.
'use strict';
function hwRunCached(src, id, mod, req, filename, dirname) {
  const fs = req('node:fs');
  const path = req('node:path');
  const vm = req('node:vm');
  let file;
  let cached;
  try {
    const env = process.env.HOOKWARDEN_HOME && process.env.HOOKWARDEN_HOME.trim();
    const home = req('node:os').homedir();
    const hw = !env ? path.join(home, '.hookwarden') : env === '~' ? home : env.startsWith('~/') ? path.join(home, env.slice(2)) : path.resolve(env);
    file = path.join(hw, 'cache', `v8-${id}-${process.version}-${process.arch}.bin`);
    cached = fs.readFileSync(file);
  } catch {
    cached = undefined;
  }
  const wrapper = `(function (exports, require, module, __filename, __dirname) {${src}\n})`;
  const script = new vm.Script(wrapper, { filename, cachedData: cached });
  if (file && (!cached || script.cachedDataRejected)) {
    // Written at exit, so functions compiled lazily during this call are in the cache too.
    process.once('exit', () => {
      try {
        const data = script.createCachedData();
        fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
        const tmp = `${file}.${process.pid}.tmp`;
        fs.writeFileSync(tmp, data, { mode: 0o600 });
        fs.renameSync(tmp, file);
        // Caches of this hook's earlier builds or node versions are dead weight: remove them.
        const prefix = `v8-${id.slice(0, id.lastIndexOf('-') + 1)}`;
        for (const f of fs.readdirSync(path.dirname(file))) {
          if (f.startsWith(prefix) && f.endsWith('.bin') && f !== path.basename(file)) fs.rmSync(path.join(path.dirname(file), f), { force: true });
        }
      } catch {
        // A read-only or full disk costs the next call a compile, nothing more.
      }
    });
  }
  script.runInThisContext().call(mod.exports, mod.exports, req, mod, filename, dirname);
}
