import { describe, expect, test } from 'bun:test';
import type { Broadcast } from '@shared/broadcasts/answers.ts';
import { BROADCAST_TEXTS } from '@shared/broadcasts/texts.ts';
import { addButtonTo, addRow, emptyForm, removeButtonFrom, toFormValues, toPayload, updateButtonIn, type BroadcastFormValues } from './broadcast-form.ts';
import { fromLocalInput, toLocalInput } from './schedule.ts';

const BOT = '6f1c2a7e-8d3b-4c5a-9e0f-1a2b3c4d5e6f';
const CONTACT = '0b7e4b9a-2c1d-4e3f-8a9b-0c1d2e3f4a5b';
const NOW = Date.parse('2026-03-01T12:00:00Z');

const filled = (changes: Partial<BroadcastFormValues> = {}): BroadcastFormValues => ({ ...emptyForm(BOT), name: 'Promo', text: 'Olá <b>todos</b>', ...changes });

const SAVED_FIELDS = {
  name: 'Promo', botId: BOT, mediaType: null, mediaUrl: null, message: 'Oi', caption: null, buttons: [], targetType: 'ALL', contactIds: [], scheduledFor: null,
} satisfies Parameters<typeof toFormValues>[0];

describe('form → payload', () => {
  test('a text broadcast to everyone: blank schedule, media and caption are left out of the creation, cleared on an edit', () => {
    const result = toPayload(filled(), NOW);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.payload.create).toEqual({ name: 'Promo', botId: BOT, message: 'Olá <b>todos</b>', buttons: [], targetType: 'ALL', contactIds: [] });
    expect(result.payload.update).toMatchObject({ mediaType: null, mediaUrl: null, caption: null, scheduledFor: null });
    expect(result.payload.scheduledFor).toBeUndefined();
  });

  test('with media the text is the caption; buttons keep their rows; SELECTED sends the contact ids', () => {
    let buttons = addRow([]);
    const row = buttons[0]!;
    buttons = updateButtonIn(buttons, row.key, row.buttons[0]!.key, { text: 'Ver', value: 'https://exemplo.com' });
    buttons = addButtonTo(buttons, row.key);
    buttons = updateButtonIn(buttons, row.key, buttons[0]!.buttons[1]!.key, { text: 'Quero', type: 'callback', value: 'quero' });
    const values = filled({ mediaType: 'IMAGE', mediaUrl: ' /api/media/0b7e4b9a-2c1d-4e3f-8a9b-0c1d2e3f4a5b ', text: 'Legenda', buttons, targetType: 'SELECTED', contactIds: [CONTACT] });
    const result = toPayload(values, NOW);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.payload.create).toMatchObject({
      message: '',
      mediaType: 'IMAGE',
      mediaUrl: '/api/media/0b7e4b9a-2c1d-4e3f-8a9b-0c1d2e3f4a5b',
      caption: 'Legenda',
      targetType: 'SELECTED',
      contactIds: [CONTACT],
      buttons: [{ buttons: [{ text: 'Ver', type: 'url', value: 'https://exemplo.com' }, { text: 'Quero', type: 'callback', value: 'quero' }] }],
    });
  });

  test('a label audience sends its label, and asks for one until it is chosen', () => {
    const LABEL = '5d2c6b1a-3e4f-4a5b-8c9d-0e1f2a3b4c5d';
    const result = toPayload(filled({ targetType: 'LABEL', labelId: LABEL, contactIds: [CONTACT] }), NOW);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.payload.create).toMatchObject({ targetType: 'LABEL', labelId: LABEL, contactIds: [] });
    expect(result.payload.update).toMatchObject({ targetType: 'LABEL', labelId: LABEL });
    const missing = toPayload(filled({ targetType: 'LABEL' }), NOW);
    expect(missing.ok ? {} : missing.errors).toEqual({ labelId: BROADCAST_TEXTS.labelRequired });
    expect(toFormValues({ ...SAVED_FIELDS, targetType: 'LABEL', labelId: LABEL }).labelId).toBe(LABEL);
  });

  test('the schedule is the local wall-clock time as an instant, and must be in the future', () => {
    const local = toLocalInput(new Date(NOW + 3_600_000).toISOString());
    const result = toPayload(filled({ scheduledLocal: local }), NOW);
    if (!result.ok) throw new Error('expected ok');
    expect(result.payload.scheduledFor).toBe(new Date(NOW + 3_600_000).toISOString());
    expect(fromLocalInput(local)).toBe(new Date(NOW + 3_600_000).toISOString());
    const past = toPayload(filled({ scheduledLocal: toLocalInput(new Date(NOW - 60_000).toISOString()) }), NOW);
    expect(past.ok ? {} : past.errors).toEqual({ scheduledLocal: BROADCAST_TEXTS.scheduleInPast });
  });

  test('pt-BR errors of the shared schema land on the field that shows them', () => {
    let buttons = addRow([]);
    const row = buttons[0]!;
    buttons = updateButtonIn(buttons, row.key, row.buttons[0]!.key, { text: '', value: 'nota url' });
    const result = toPayload({ ...emptyForm(''), buttons, targetType: 'SELECTED' }, NOW);
    if (result.ok) throw new Error('expected errors');
    const button = `buttons.${row.key}.${row.buttons[0]!.key}`;
    expect(result.errors).toMatchObject({
      name: BROADCAST_TEXTS.nameRequired,
      botId: BROADCAST_TEXTS.botRequired,
      text: BROADCAST_TEXTS.messageRequired,
      contactIds: BROADCAST_TEXTS.contactsRequired,
      [`${button}.text`]: BROADCAST_TEXTS.buttonTextEmpty,
      [`${button}.value`]: BROADCAST_TEXTS.buttonUrlInvalid(''),
    });
    const noUrl = toPayload(filled({ mediaType: 'VIDEO', text: '' }), NOW);
    expect(noUrl.ok ? {} : noUrl.errors).toEqual({ mediaUrl: BROADCAST_TEXTS.mediaUrlRequired });
  });
});

describe('button rows', () => {
  test('at most 10 rows of 3; removing the last button of a row removes the row', () => {
    let rows = addRow([]);
    for (let i = 0; i < 12; i++) rows = addRow(rows);
    expect(rows).toHaveLength(10);
    const first = rows[0]!;
    for (let i = 0; i < 5; i++) rows = addButtonTo(rows, first.key);
    expect(rows[0]!.buttons).toHaveLength(3);
    expect(rows[0]!.buttons[0]).toMatchObject({ text: '', type: 'url', value: '' });
    const second = rows[1]!;
    rows = removeButtonFrom(rows, second.key, second.buttons[0]!.key);
    expect(rows).toHaveLength(9);
    expect(rows.some((row) => row.key === second.key)).toBe(false);
  });

  test('a stored broadcast comes back into the form (caption with media, schedule in local time)', () => {
    const stored = {
      name: 'Antigo', botId: BOT, mediaType: 'IMAGE', mediaUrl: 'https://x.y/a.png', message: '', caption: 'Cap',
      buttons: [{ buttons: [{ text: 'A', type: 'url', value: 'https://a.b' }] }], targetType: 'SELECTED', contactIds: [CONTACT], scheduledFor: '2026-03-02T15:30:00.000Z',
    } satisfies Partial<Broadcast>;
    const values = toFormValues(stored);
    expect(values).toMatchObject({ name: 'Antigo', mediaType: 'IMAGE', text: 'Cap', targetType: 'SELECTED', contactIds: [CONTACT], scheduledLocal: toLocalInput(stored.scheduledFor) });
    expect(values.buttons[0]!.buttons[0]).toMatchObject({ text: 'A', type: 'url', value: 'https://a.b' });
  });
});
