// Record factories shared by tests, the demo seed and the records bench: real (tiny) files,
// valid Saudi identity numbers and IBANs, and entities created through the services.
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { composeIBAN } from 'ibantools';
import type { Actor } from '@/lib/audit/write-audit';
import { createEntity } from '@/lib/entities/create-entity';
import type { CreateEntityInput } from '@/lib/entities/schemas';
import { createAttachment } from '@/lib/attachments/create-attachment';

export const factoryActor: Actor = { type: 'system' };

/** A one-page PDF with a line of text (valid enough for viewers and for type detection). */
export function makePdf(text = 'Identity document'): Uint8Array {
  const safe = text.replace(/[()\\]/g, '');
  const stream = `BT /F1 18 Tf 72 720 Td (${safe}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

/** A real PNG (solid colour, `size`×`size`). */
export function makePng(size = 8, rgb: [number, number, number] = [0, 102, 68]): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk('IHDR', ihdr),
      pngChunk('IDAT', zlib.deflateSync(raw)),
      pngChunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

/** The start of an MP4 file (an `ftyp` box, then an empty `mdat`): what type detection looks at. */
export function makeMp4Header(): Uint8Array {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom', 'ascii'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2', 'ascii')]);
  const mdat = Buffer.concat([Buffer.from([0, 0, 0, 8]), Buffer.from('mdat', 'ascii')]);
  return new Uint8Array(Buffer.concat([ftyp, mdat]));
}

/** A Linux ELF executable header (what an attacker would rename to `.pdf`). */
export function makeElf(): Uint8Array {
  const b = Buffer.alloc(128);
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]).copy(b, 0);
  b.writeUInt16LE(2, 16); // ET_EXEC
  b.writeUInt16LE(0x3e, 18); // x86-64
  b.writeUInt32LE(1, 20);
  return new Uint8Array(b);
}

/** A Windows PE executable header (`MZ` … `PE\0\0`). */
export function makePe(): Uint8Array {
  const b = Buffer.alloc(256);
  b.write('MZ', 0, 'ascii');
  b.writeUInt32LE(0x80, 0x3c);
  b.write('PE\0\0', 0x80, 'latin1');
  b.writeUInt16LE(0x14c, 0x84);
  return new Uint8Array(b);
}

/** A 10-digit Saudi number with the right leading digit (1 national ID, 2 iqama, 7 unified number). */
export function saudiNumber(lead: '1' | '2' | '7', seed?: number): string {
  const n = seed ?? crypto.randomInt(0, 1_000_000_000);
  return lead + String(n % 1_000_000_000).padStart(9, '0');
}

/** A valid Saudi IBAN at `bankCode` (default Al Rajhi, 80) with a random or given account number. */
export function saudiIban(bankCode = '80', account?: number): string {
  const acc = String(account ?? crypto.randomInt(0, 2 ** 47))
    .padStart(18, '0')
    .slice(-18);
  return composeIBAN({ countryCode: 'SA', bban: `${bankCode}${acc}` })!;
}

export function individualInput(overrides: Partial<CreateEntityInput> = {}): CreateEntityInput {
  return {
    nameEn: 'Mohammed Abdullah Al-Qahtani',
    nameAr: 'محمد عبدالله القحطاني',
    email: `m.qahtani.${crypto.randomBytes(3).toString('hex')}@example.sa`,
    countryCode: '966',
    phoneNumber: '501234567',
    dobGregorian: '1990-05-17',
    nationalityCode: 'SA',
    gender: 'Male',
    crmId: crypto.randomUUID(),
    identities: [{ type: 'NationalIdentity', number: saudiNumber('1'), issuingCountryCode: 'SA', expiresAt: '2030-01-01' }],
    ...overrides,
  };
}

export function organizationInput(overrides: Partial<CreateEntityInput> = {}): CreateEntityInput {
  return {
    crmId: crypto.randomUUID(),
    email: `info.${crypto.randomBytes(3).toString('hex')}@najd-trading.sa`,
    identities: [{ type: 'UnifiedNumber', number: saudiNumber('7'), issuingCountryCode: 'SA' }],
    rawData: {
      crName: 'شركة نجد للتجارة المحدودة',
      crNameEn: 'Najd Trading Company Ltd',
      crNumber: '1010' + String(crypto.randomInt(100000, 999999)),
      issueDate: '1425/03/15',
      status: { id: 'active', name: 'نشط', nameEn: 'Active' },
      businessType: { id: '201', name: 'شركة ذات مسؤولية محدودة', nameEn: 'Limited Liability Company' },
      activities: { isic: [{ id: '461011', name: 'البيع بالجملة للأغذية', nameEn: 'Wholesale of food' }] },
    },
    ...overrides,
  };
}

export async function createTestEntity(tenantId: string, role: 'Client' | 'Prospect' | 'Screening' = 'Client', input: CreateEntityInput = individualInput()) {
  return (await createEntity({ tenantId, role, input, actor: factoryActor })).data;
}

export async function createTestAttachment(tenantId: string, kind: 'pdf' | 'png' = 'pdf', name?: string) {
  const bytes = kind === 'pdf' ? makePdf() : makePng();
  return (await createAttachment({ tenantId, bytes, name: name ?? `document.${kind}`, actor: factoryActor })).data;
}
