import { describe, expect, test } from 'bun:test';
import { sniffMedia } from './sniff.ts';

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)));
const riff = (form: string) => bytes('RIFF', [0x24, 0, 0, 0], form, 'fmt ');
const box = (type: string, brand: string) => bytes([0, 0, 0, 0x18], type, brand, [0, 0, 2, 0]);

describe('sniffMedia', () => {
  test.each([
    ['jpeg', bytes([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg', 'photo'],
    ['png', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'image/png', 'photo'],
    ['gif', bytes('GIF89a'), 'image/gif', 'photo'],
    ['webp', riff('WEBP'), 'image/webp', 'photo'],
    ['mp4', box('ftyp', 'isom'), 'video/mp4', 'video'],
    ['quicktime', box('ftyp', 'qt  '), 'video/quicktime', 'video'],
    ['old quicktime', box('moov', 'mvhd'), 'video/quicktime', 'video'],
    ['avi', riff('AVI '), 'video/x-msvideo', 'video'],
    ['mp3 with ID3', bytes('ID3', [4, 0]), 'audio/mpeg', 'audio'],
    ['mp3 frame', bytes([0xff, 0xfb, 0x90, 0x64]), 'audio/mpeg', 'audio'],
    ['wav', riff('WAVE'), 'audio/wav', 'audio'],
    ['ogg', bytes('OggS', [0, 2]), 'audio/ogg', 'audio'],
    ['pdf', bytes('%PDF-1.7'), 'application/pdf', 'document'],
    ['doc', bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), 'application/msword', 'document'],
    ['docx', bytes([0x50, 0x4b, 0x03, 0x04], 'xxxx[Content_Types].xml...word/document.xml'), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'document'],
    ['utf-8 text', new TextEncoder().encode('Promoção válida até sexta.\r\n\tObrigado!'), 'text/plain', 'document'],
  ])('recognises %s', (_name, input, contentType, mediaType) => {
    const found = sniffMedia(input);
    expect([found?.contentType, found?.mediaType]).toEqual([contentType, mediaType]);
  });

  test.each([
    ['an empty file', new Uint8Array()],
    ['an executable', bytes('MZ', [0x90, 0, 3, 0])],
    ['a zip that is not a Word document', bytes([0x50, 0x4b, 0x03, 0x04], 'xl/workbook.xml')],
    ['m4a audio', box('ftyp', 'M4A ')],
    ['ADTS AAC', bytes([0xff, 0xf1, 0x50, 0x80])],
    ['binary that is not UTF-8', bytes([0x00, 0x01, 0xfe, 0xff])],
    ['text with control characters', bytes('abc', [0x01], 'def')],
  ])('refuses %s', (_name, input) => {
    expect(sniffMedia(input)).toBeUndefined();
  });

  test('an SVG is text, never an image (it would be a script carrier if served as one)', () => {
    expect(sniffMedia(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toEqual({ contentType: 'text/plain', mediaType: 'document' });
  });
});
