// Generates the books' companion files (small real .docx and .pdf documents) under
// web/public/files/<book>/ with versioned names, and web/public/files/manifest.json that the
// /file pages read. Hosting serves them as static files (firebase.json).
//   node scripts/content/generate-files.mjs
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32 } from 'node:zlib';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const OUT = path.join(ROOT, 'web/public/files');

// The companion files of each book (id, title, format): data, kept beside this script.
const BOOKS = JSON.parse(readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'companion-files.json'), 'utf8'));

const PUBLISHER = '青嶼出版有限公司';

/** The lines of a template: a title, how to use it, and blank fields to fill in. */
function linesFor(book, no, title) {
  return [
    title,
    `《${book.title}》附件 ${String(no).padStart(2, '0')}｜版本 ${book.version}`,
    '',
    '使用說明：請依書中對應章節的說明填寫，灰底文字為範例，送件前請刪除。',
    '',
    '一、申請人（公司）名稱：＿＿＿＿＿＿＿＿＿＿',
    '二、統一編號：＿＿＿＿＿＿＿＿',
    '三、代表人：＿＿＿＿＿＿　　聯絡電話：＿＿＿＿＿＿',
    '四、地址：＿＿＿＿＿＿＿＿＿＿＿＿＿＿＿＿',
    '五、事項說明：＿＿＿＿＿＿＿＿＿＿＿＿＿＿＿＿',
    '',
    '□ 已核對身分證明文件　□ 已用印　□ 已附委託書（代辦時）',
    '',
    '中華民國　　年　　月　　日',
    '',
    `本範本由${PUBLISHER}提供，僅供讀者參考使用；法規如有修正，以主管機關最新公告為準。`,
  ];
}

// ---- .docx: a minimal WordprocessingML package in a stored (uncompressed) zip ----

const xmlEscape = (s) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

function docx(lines) {
  const paras = lines
    .map((line, i) =>
      i === 0
        ? `<w:p><w:pPr><w:jc w:val="center"/></w:pPr><w:r><w:rPr><w:b/><w:sz w:val="32"/></w:rPr><w:t>${xmlEscape(line)}</w:t></w:r></w:p>`
        : `<w:p><w:r><w:t xml:space="preserve">${xmlEscape(line)}</w:t></w:r></w:p>`,
    )
    .join('');
  const files = {
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    '_rels/.rels':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    'word/document.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paras}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440"/></w:sectPr></w:body></w:document>`,
  };
  return zip(Object.entries(files).map(([name, text]) => [name, Buffer.from(text, 'utf8')]));
}

// A fixed DOS timestamp keeps the output byte-identical between runs: 2026-01-01 00:00.
const DOS_TIME = 0;
const DOS_DATE = ((2026 - 1980) << 9) | (1 << 5) | 1;

/**
 * The run of fields a ZIP local header and its central directory record share, in the same order
 * (at offset 6 of the one, 8 of the other): flags, method, time, date, CRC-32, both sizes, name length.
 */
function writeEntryFields(header, at, { crc, size, nameLength }) {
  header.writeUInt16LE(0x0800, at); // UTF-8 names
  header.writeUInt16LE(0, at + 2); // stored
  header.writeUInt16LE(DOS_TIME, at + 4);
  header.writeUInt16LE(DOS_DATE, at + 6);
  header.writeUInt32LE(crc, at + 8);
  header.writeUInt32LE(size, at + 12); // compressed
  header.writeUInt32LE(size, at + 16); // uncompressed
  header.writeUInt16LE(nameLength, at + 20);
}

function zip(entries) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const [name, data] of entries) {
    const nameBuf = Buffer.from(name, 'utf8');
    const fields = { crc: crc32(data), size: data.length, nameLength: nameBuf.length };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    writeEntryFields(local, 6, fields);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // version made by
    central.writeUInt16LE(20, 6); // version needed
    writeEntryFields(central, 8, fields);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBuf, data);
    centrals.push(central, nameBuf);
    offset += local.length + nameBuf.length + data.length;
  }
  const centralBuf = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralBuf.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, centralBuf, end]);
}

// ---- .pdf: one A4 page, Traditional Chinese through the standard (non-embedded) MSung-Light CID font ----

const utf16hex = (s) => Buffer.from(s, 'utf16le').swap16().toString('hex').toUpperCase();

function pdf(lines) {
  const content = [
    'BT',
    ...lines.map((line, i) => {
      const size = i === 0 ? 18 : 11;
      const y = 790 - (i === 0 ? 0 : 30 + i * 22);
      return `/F1 ${size} Tf 1 0 0 1 56 ${y} Tm <${utf16hex(line || ' ')}> Tj`;
    }),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 7 0 R >>',
    '<< /Type /Font /Subtype /Type0 /BaseFont /MSung-Light /Encoding /UniCNS-UCS2-H /DescendantFonts [5 0 R] >>',
    '<< /Type /Font /Subtype /CIDFontType0 /BaseFont /MSung-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (CNS1) /Supplement 4 >> /FontDescriptor 6 0 R /DW 1000 >>',
    '<< /Type /FontDescriptor /FontName /MSung-Light /Flags 6 /FontBBox [-160 -249 1015 888] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>',
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info << /Producer (qingyu-books generate-files) >> >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

// ---- write everything ----

// Only this script's own files are replaced: other files in these folders (the catalogue's errata) stay.
const OWN = /^\d\d-[a-z0-9-]+\.v[\d-]+\.(docx|pdf)$/;
for (const book of BOOKS) {
  const dir = path.join(OUT, book.book);
  if (existsSync(dir)) for (const f of readdirSync(dir)) if (OWN.test(f)) rmSync(path.join(dir, f));
}
const manifest = { generatedBy: 'scripts/content/generate-files.mjs', books: [] };
for (const book of BOOKS) {
  const dir = path.join(OUT, book.book);
  mkdirSync(dir, { recursive: true });
  const files = book.files.map(([slug, name, type], i) => {
    const no = i + 1;
    const fileName = `${String(no).padStart(2, '0')}-${slug}.v${book.version}.${type}`;
    const data = type === 'docx' ? docx(linesFor(book, no, name)) : pdf(linesFor(book, no, name));
    writeFileSync(path.join(dir, fileName), data);
    return { no, name, type, bytes: data.length, href: `/files/${book.book}/${fileName}` };
  });
  manifest.books.push({ book: book.book, productId: book.book, title: book.title, description: book.description, version: book.version, updatedAt: book.updatedAt, files });
}

writeFileSync(path.join(OUT, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
console.log(`wrote ${manifest.books.map((b) => `${b.files.length} files for ${b.book}`).join(', ')} and files/manifest.json`);
