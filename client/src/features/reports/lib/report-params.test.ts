import { describe, expect, it } from 'vitest';
import { DEFAULT_REPORT_RANGE } from '@shared/constants';
import { readReportType, reportSearch } from './report-params';

describe("the Reports page's URL (range and view, issue 37)", () => {
  it('when the default range and view are shown, then the URL has no query', () => {
    expect(reportSearch({ range: DEFAULT_REPORT_RANGE, from: '', to: '' }, 'overview').toString()).toBe('');
  });

  it('when another view is chosen, then the URL names it beside the range and its days', () => {
    const search = reportSearch({ range: 'custom', from: '2026-11-01', to: '2026-11-15' }, 'time');
    expect(search.toString()).toBe('range=custom&from=2026-11-01&to=2026-11-15&type=time');
    expect(readReportType(search)).toBe('time');
  });

  it('when the URL names no view or an unknown one, then the Overview shows', () => {
    expect(readReportType(new URLSearchParams())).toBe('overview');
    expect(readReportType(new URLSearchParams('type=sales'))).toBe('overview');
  });
});
