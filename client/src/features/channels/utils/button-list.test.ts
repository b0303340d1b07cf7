import { describe, expect, test } from 'bun:test';
import { addButton, buttonTypeLabel, canAddButton, removeButton, toButtonInputs, toEditableButtons, updateButton } from './button-list.ts';

describe('welcome button editor rules', () => {
  test('adds empty rows up to four and no more', () => {
    let buttons = toEditableButtons([]);
    for (let i = 0; i < 6; i++) buttons = addButton(buttons);
    expect(buttons).toHaveLength(4);
    expect(canAddButton(buttons)).toBe(false);
    expect(canAddButton(buttons.slice(1))).toBe(true);
    expect(new Set(buttons.map((button) => button.key)).size).toBe(4);
  });

  test('edits and removes a row by its key, leaving the others', () => {
    const [a, b, c] = toEditableButtons([
      { text: 'A', value: 'a' },
      { text: 'B', value: 'b' },
      { text: 'C', value: 'c' },
    ]);
    if (!a || !b || !c) throw new Error('three rows expected');
    const edited = updateButton([a, b, c], b.key, { value: 'https://exemplo.com' });
    expect(edited.map((button) => button.value)).toEqual(['a', 'https://exemplo.com', 'c']);
    expect(removeButton(edited, b.key).map((button) => button.text)).toEqual(['A', 'C']);
  });

  test('derives the type from the value, as the server does', () => {
    expect(buttonTypeLabel('https://exemplo.com')).toBe('Link');
    expect(buttonTypeLabel('HTTP://EXEMPLO.COM')).toBe('Link');
    expect(buttonTypeLabel('quero_saber_mais')).toBe('Ação no bot');
    expect(buttonTypeLabel('t.me/canal')).toBe('Ação no bot');
    expect(toButtonInputs(toEditableButtons([{ text: 'Site', value: 'https://x.com' }, { text: 'Mais', value: 'mais' }]))).toEqual([
      { text: 'Site', value: 'https://x.com', type: 'url' },
      { text: 'Mais', value: 'mais', type: 'callback' },
    ]);
  });

  test('a saved list longer than the limit is cut to four', () => {
    const many = Array.from({ length: 6 }, (_, i) => ({ text: `B${i}`, value: `v${i}` }));
    expect(toEditableButtons(many)).toHaveLength(4);
  });
});
