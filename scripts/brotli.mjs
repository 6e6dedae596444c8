// Brotli-compress files with Node's built-in zlib (quality 11), for scripts/compress.py.
//   node scripts/brotli.mjs <job.json>     job: [[source path, destination path], ...]
import { readFileSync, writeFileSync } from "node:fs";
import zlib from "node:zlib";

const { BROTLI_PARAM_QUALITY, BROTLI_PARAM_SIZE_HINT, BROTLI_PARAM_MODE, BROTLI_MODE_GENERIC } =
  zlib.constants;
for (const [src, dst] of JSON.parse(readFileSync(process.argv[2], "utf8"))) {
  const data = readFileSync(src);
  const params = {
    [BROTLI_PARAM_QUALITY]: 11,
    [BROTLI_PARAM_MODE]: BROTLI_MODE_GENERIC,
    [BROTLI_PARAM_SIZE_HINT]: data.length,
  };
  writeFileSync(dst, zlib.brotliCompressSync(data, { params }));
}
