/**
 * The pictures the visual history uploads: an ID card's two sides, a hand-held photo, transfer
 * receipts and a shop banner, drawn here so that a reviewer can tell them apart on a screen (a
 * blank square would hide a picture shown in the wrong place). Drawn from SVG with sharp (the
 * server's dependency), the same bytes on every run.
 */
import { createRequire } from 'node:module';
import type SharpType from 'sharp';

const sharp = createRequire(new URL('../../../server/package.json', import.meta.url))(
  'sharp',
) as typeof SharpType;

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

function card(
  width: number,
  height: number,
  fill: string,
  lines: string[],
  accent = '#1d4ed8',
  extra = '',
): string {
  const text = lines
    .map(
      (line, i) =>
        `<text x="24" y="${56 + i * 34}" font-family="DejaVu Sans" font-size="${i === 0 ? 24 : 18}" font-weight="${i === 0 ? 700 : 400}" fill="${i === 0 ? accent : '#1f2937'}">${xml(line)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${width}" height="${height}" rx="18" fill="${fill}"/>
    <rect x="8" y="8" width="${width - 16}" height="${height - 16}" rx="12" fill="none" stroke="${accent}" stroke-width="3"/>
    ${text}${extra}</svg>`;
}

async function png(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export const pictures = {
  /** The front of the ID of the person named, with that number (12 digits, shown in threes). */
  idFront: (name: string, number: string) =>
    png(
      card(
        480,
        300,
        '#e0f2fe',
        ['ID CARD · FRONT', name, `No. ${number.replace(/(\d{3})(?=\d)/g, '$1 ')}`, 'Born 12/03/1990'],
        '#1d4ed8',
        `<rect x="340" y="110" width="110" height="140" rx="8" fill="#93c5fd"/><circle cx="395" cy="160" r="28" fill="#1e40af"/>
        <rect x="355" y="195" width="80" height="45" rx="20" fill="#1e40af"/>`,
      ),
    ),
  idBack: () =>
    png(
      card(480, 300, '#f1f5f9', [
        'ID CARD · BACK',
        'Issued 01/07/2021',
        'Ho Chi Minh City',
        '||| |||| || ||||| ||| ||',
      ]),
    ),
  idHand: (name: string) =>
    png(
      card(
        480,
        300,
        '#fef3c7',
        ['HOLDING THE ID CARD', name],
        '#b45309',
        `<circle cx="130" cy="200" r="50" fill="#f59e0b"/><rect x="250" y="150" width="170" height="110" rx="10" fill="#e0f2fe" stroke="#1d4ed8" stroke-width="3"/>`,
      ),
    ),
  receipt: (amount: string, bank: string) =>
    png(
      card(
        360,
        480,
        '#ffffff',
        ['TRANSFER RECEIPT', bank, `Amount ${amount} USD`, 'To DROPDESK TEST', 'Status: successful'],
        '#15803d',
      ),
    ),
  banner: () =>
    png(
      `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="300">
        <defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#f472b6"/><stop offset="1" stop-color="#fb923c"/></linearGradient></defs>
        <rect width="750" height="300" fill="url(#g)"/>
        <text x="40" y="150" font-family="DejaVu Sans" font-size="54" font-weight="700" fill="#ffffff">Hoa Mai</text>
        <text x="40" y="210" font-family="DejaVu Sans" font-size="30" fill="#ffffff">Flowers &amp; home goods</text>
      </svg>`,
    ),
  logo: (letter: string, colour: string) =>
    png(
      `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><rect width="200" height="200" rx="40" fill="${colour}"/>
        <text x="100" y="132" text-anchor="middle" font-family="DejaVu Sans" font-size="100" font-weight="700" fill="#fff">${xml(letter)}</text></svg>`,
    ),
};
