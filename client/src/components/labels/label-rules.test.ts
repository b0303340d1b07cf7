import { describe, expect, test } from 'bun:test';
import { LABEL_LIMITS, LABEL_TEXTS, type Label } from '@shared/labels/schemas.ts';
import { canAddLabel, labelNameIssue, labelsOf } from './label-rules.ts';

const label = (id: string, name: string): Label => ({ id, name, color: 'blue', createdAt: `2026-01-0${id}T00:00:00Z` });
const labels = [label('1', 'VIP'), label('2', 'Lead quente'), label('3', 'Ação')];

describe('label rules', () => {
  test('a name is required, at most the limit, and no other label has it in any case', () => {
    expect(labelNameIssue('   ', labels)).toBe(LABEL_TEXTS.nameRequired);
    expect(labelNameIssue('x'.repeat(LABEL_LIMITS.nameMax + 1), labels)).toBe(LABEL_TEXTS.nameTooLong);
    expect(labelNameIssue(' vip ', labels)).toBe(LABEL_TEXTS.nameTaken);
    expect(labelNameIssue('AÇÃO', labels)).toBe(LABEL_TEXTS.nameTaken);
    expect(labelNameIssue('Cliente', labels)).toBeUndefined();
    // Renaming a label to its own name in another case is no clash.
    expect(labelNameIssue('vip', labels, '1')).toBeUndefined();
  });

  test('the workspace limit, and a contact keeps only existing labels in the workspace order', () => {
    expect(canAddLabel(labels)).toBe(true);
    expect(canAddLabel(Array.from({ length: LABEL_LIMITS.perWorkspace }, (_, index) => label(String(index), `L${index}`)))).toBe(false);
    expect(labelsOf(['3', 'apagada', '1'], labels).map((item) => item.name)).toEqual(['VIP', 'Ação']);
  });
});
