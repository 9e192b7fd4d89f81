import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { AstroIntegration } from 'astro';

/** Text formats worth compressing; images such as PNG are compressed already. */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.xml', '.txt', '.json', '.webmanifest']);

const ENCODINGS = [
  {
    extension: '.br',
    compress: (data: Buffer) =>
      promisify(brotliCompress)(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
  },
  { extension: '.gz', compress: (data: Buffer) => promisify(gzip)(data, { level: constants.Z_BEST_COMPRESSION }) },
] as const;

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every text file of a
 * built site, at the highest levels since it happens once; servers send
 * them as they are (@fastify/static's preCompressed, or a static host's own
 * rules). A copy that would not be smaller is not written. Returns the
 * bytes before and as sent to a browser that takes Brotli.
 */
export async function precompressDir(outDir: string): Promise<{ files: number; before: number; after: number }> {
  const files = (await readdir(outDir, { recursive: true })).filter((f) => COMPRESSIBLE.has(extname(f)));
  let before = 0;
  let after = 0;
  await Promise.all(
    files.map(async (file) => {
      const path = join(outDir, file);
      if (!(await stat(path)).isFile()) return;
      const data = await readFile(path);
      let brotliBytes = data.length;
      for (const { extension, compress } of ENCODINGS) {
        const packed = await compress(data);
        if (packed.length >= data.length) continue;
        await writeFile(path + extension, packed);
        if (extension === '.br') brotliBytes = packed.length;
      }
      before += data.length;
      after += brotliBytes;
    }),
  );
  return { files: files.length, before, after };
}

/** Must be listed after every integration that writes files into the build. */
export function precompress(): AstroIntegration {
  return {
    name: 'precompress',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const { files, before, after } = await precompressDir(fileURLToPath(dir));
        logger.info(`${files} files precompressed: ${before} bytes, ${after} as Brotli`);
      },
    },
  };
}
