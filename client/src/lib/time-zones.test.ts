import { describe, expect, it } from 'vitest';
import { matchingTimeZones, timeZoneChoices } from './time-zones';

const ZONES = ['America/New_York', 'America/Denver', 'Europe/Berlin', 'Pacific/Auckland'];

describe('matchingTimeZones', () => {
  it.each([
    ['new york', ['America/New_York']],
    ['NEW_YORK', ['America/New_York']],
    ['america/', ['America/New_York', 'America/Denver']],
    ['europe berlin', ['Europe/Berlin']],
    ['', ZONES],
    ['mars', []],
  ])('when %j is typed, then the list holds %j', (query, zones) => {
    expect(matchingTimeZones(ZONES, query)).toEqual(zones);
  });
});

describe('timeZoneChoices', () => {
  it('when the saved zone is one the browser lists, then the list is the browser’s own', () => {
    expect(timeZoneChoices('Europe/Berlin')).toContain('Europe/Berlin');
  });

  it('when the saved zone is not listed by the browser, then it is offered first, so it still shows', () => {
    expect(timeZoneChoices('Etc/Not_Listed')[0]).toBe('Etc/Not_Listed');
  });
});
