// Write a .br sibling next to each given file (brotli quality 11, Node's zlib: no dependency).
// Usage: node tools/brotli.mjs <cache dir> <files...>
// The output depends only on the input bytes, so it is kept in <cache dir> under the input's
// sha256: a rebuild compresses only what changed (the 9.6 MB WebAssembly takes ~20 s).
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants } from "node:zlib";

const [cache, ...files] = process.argv.slice(2);
if (!cache) {
  console.error("usage: node tools/brotli.mjs <cache dir> <files...>");
  process.exit(2);
}
mkdirSync(cache, { recursive: true });
for (const file of files) {
  const data = readFileSync(file);
  const key = join(cache, `${createHash("sha256").update(data).digest("hex")}.br`);
  if (!existsSync(key)) {
    const packed = brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_LGWIN]: 24,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    });
    writeFileSync(`${key}.tmp`, packed);
    renameSync(`${key}.tmp`, key);
  }
  writeFileSync(`${file}.br`, readFileSync(key));
}
