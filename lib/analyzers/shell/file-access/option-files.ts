// Option values and request items that hold a file inside them (curl -F name=@file, openssl -passin file:PATH,
// httpie field@file).

/** curl -d/--data/--json `@file` (`@-` is stdin). */
export const atFile = (v: string): string | undefined => (v.startsWith('@') ? v.slice(1) : undefined);
/** curl -F `name=@file;type=…` or `name=<file`. */
export const formFile = (v: string): string | undefined => {
  const m = /^[^=]*=[@<](.*)$/s.exec(v);
  if (!m) return undefined;
  const rest = m[1] as string;
  const quoted = /^"([^"]*)"/.exec(rest);
  return quoted ? quoted[1] : rest.split(';')[0];
};
/** curl --data-urlencode `@file` or `name@file` (not `name=content`). */
export const urlencodeFile = (v: string): string | undefined => {
  const m = /^([^=@]*)@(.*)$/s.exec(v);
  return m ? m[2] : undefined;
};
/** curl -b: a value without `=` is a cookie file. */
export const cookieFile = (v: string): string | undefined => (v.includes('=') ? undefined : v);
/** openssl -passin file:PATH. */
export const passFile = (v: string): string | undefined => (v.startsWith('file:') ? v.slice(5) : undefined);

/** httpie/xh request items separators, longest first at the same position; those reading a file. */
const HTTPIE_SEPARATORS = [':=@', '==', ':=', '=@', ':@', '@', '=', ':'];
const HTTPIE_FILE_SEPARATORS: ReadonlySet<string> = new Set([':=@', '=@', ':@', '@']);

/** The file an httpie item embeds or uploads (`field@file`, `field=@file`, `field:=@file`, `Header:@file`). */
export function httpieFile(word: string): string | undefined {
  for (let i = 0; i < word.length; i++) {
    if (word[i] === '\\') {
      i++;
      continue;
    }
    const sep = HTTPIE_SEPARATORS.find((s) => word.startsWith(s, i));
    if (sep === undefined) continue;
    return HTTPIE_FILE_SEPARATORS.has(sep) ? word.slice(i + sep.length).split(';')[0] : undefined;
  }
  return undefined;
}
