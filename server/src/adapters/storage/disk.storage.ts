import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Storage } from './storage';

/** Files under `root`; writes go to a temp name first so readers never see half a file. */
export function diskStorage(root: string): Storage {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`storage key escapes root: ${key}`);
    return full;
  };
  return {
    async put(key, data) {
      const full = resolve(key);
      await fsp.mkdir(path.dirname(full), { recursive: true });
      const tmp = `${full}.${process.pid}.tmp`;
      try {
        if (data instanceof Readable) await pipeline(data, fs.createWriteStream(tmp));
        else await fsp.writeFile(tmp, data);
        await fsp.rename(tmp, full);
      } catch (err) {
        await fsp.rm(tmp, { force: true });
        throw err;
      }
    },
    get: (key) => fsp.readFile(resolve(key)),
    async stream(key) {
      const full = resolve(key);
      await fsp.access(full);
      return fs.createReadStream(full);
    },
    async exists(key) {
      return fsp.access(resolve(key)).then(
        () => true,
        () => false,
      );
    },
    async delete(key) {
      await fsp.rm(resolve(key), { force: true });
    },
  };
}
