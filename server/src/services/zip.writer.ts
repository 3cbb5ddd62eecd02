import { crc32 } from 'node:zlib';

/** DOS date/time fields of a ZIP entry. */
function dosTime(d: Date) {
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    date: ((d.getFullYear() - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

/**
 * A ZIP archive with stored (uncompressed) entries: JPEGs do not shrink further, so storing keeps it fast.
 * Names are UTF-8 (general-purpose flag bit 11).
 */
export function zipStore(entries: { name: string; data: Buffer; date?: Date }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const { time, date } = dosTime(e.date ?? new Date());
    const crc = crc32(e.data);
    // The local header and the central directory entry carry the same fields, two bytes further on in the
    // central one (which adds "version made by" before them).
    const sameFields = (buf: Buffer, at: number) => {
      buf.writeUInt16LE(20, at - 2); // version needed
      buf.writeUInt16LE(0x0800, at); // UTF-8 names
      buf.writeUInt16LE(0, at + 2); // stored
      buf.writeUInt16LE(time, at + 4);
      buf.writeUInt16LE(date, at + 6);
      buf.writeUInt32LE(crc, at + 8);
      buf.writeUInt32LE(e.data.length, at + 12); // compressed size
      buf.writeUInt32LE(e.data.length, at + 16); // size
      buf.writeUInt16LE(name.length, at + 20);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    sameFields(local, 6);
    locals.push(local, name, e.data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // version made by
    sameFields(central, 8);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + e.data.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}
