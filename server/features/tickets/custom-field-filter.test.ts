import { describe, expect, it } from 'vitest';
import type { TicketField } from '@shared/contracts/ticket-fields';
import { customFieldPaths } from './custom-field-filter';

const field = (key: string, type: TicketField['type'], options: string[] = []): TicketField => ({
  id: key,
  key,
  label: key,
  type,
  options: options.map((value) => ({ value, label: value, active: true })),
  requiredToClose: false,
  active: true,
  position: 0,
  portal: false,
});

const FIELDS = [
  field('category', 'dropdown', ['network', 'hardware']),
  field('seats', 'number'),
  field('on_site', 'checkbox'),
];

describe('custom field filters as jsonpaths', () => {
  it('when only values are asked, then they all go to the index, none to the rows', () => {
    expect(customFieldPaths({ category: { values: ['network', 'hardware'] } }, FIELDS)).toEqual({
      indexed: '($."category" == "network" || $."category" == "hardware")',
      checked: undefined,
    });
  });

  it('when a range, "none" or an unticked box is asked, then it is checked on the rows, beside the equalities', () => {
    expect(
      customFieldPaths(
        {
          category: { values: ['network'] },
          seats: { gte: '5', lte: '10' },
          on_site: { values: ['false'] },
        },
        FIELDS,
      ),
    ).toEqual({
      indexed: '$."category" == "network"',
      checked: '$."seats" >= 5 && $."seats" <= 10 && !($."on_site" == true)',
    });
    // One value the index cannot find makes its whole alternative a check on the rows.
    expect(customFieldPaths({ category: { values: ['network', 'none'] } }, FIELDS)).toEqual({
      indexed: undefined,
      checked: '($."category" == "network" || !exists($."category"))',
    });
  });

  it('when there are no filters, then there is no path', () => {
    expect(customFieldPaths(undefined, FIELDS)).toEqual({});
  });
});
