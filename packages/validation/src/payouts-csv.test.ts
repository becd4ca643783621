import { describe, expect, it } from 'vitest';
import { csvCell, payoutsCsv } from './payouts-csv.ts';

describe('csvCell', () => {
  it('quotes every cell and doubles quotes inside', () => {
    expect(csvCell('Wren')).toBe('"Wren"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(12.5)).toBe('"12.5"');
  });

  it('keeps a spreadsheet from running a cell as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r', '|', '%'])
      expect(csvCell(`${start}HYPERLINK("x")`)).toBe(`"'${start}HYPERLINK(""x"")"`);
    expect(csvCell('Plain = text')).toBe('"Plain = text"');
  });
});

describe('payoutsCsv', () => {
  it('writes a header and one CRLF line per payout, amounts in units', () => {
    const csv = payoutsCsv([
      {
        id: 'p1',
        affiliate_id: 'a1',
        affiliate_name: '=Wren Payton',
        amount_cents: 2400,
        currency: 'USD',
        status: 'paid',
        paid_at: '2026-11-29T10:00:00Z',
      },
    ]);
    expect(csv).toBe(
      '"payout_id","affiliate_id","affiliate_name","amount","currency","status","paid_at"\r\n' +
        `"p1","a1","'=Wren Payton","24.00","USD","paid","2026-11-29T10:00:00Z"\r\n`,
    );
  });
});
