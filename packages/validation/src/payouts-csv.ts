/**
 * The payouts CSV that administrators send the bank transfers from: written the same way by the
 * run-payouts function (its `format: "csv"` answer) and by the app (the run it just made), so a
 * spreadsheet opens both alike and neither can be made to run a formula.
 */

/** One payout as the CSV lists it. */
export interface PayoutCsvRow {
  id: string;
  affiliate_id: string;
  affiliate_name: string | null;
  amount_cents: number;
  currency: string;
  status: string;
  paid_at: string | null;
}

/** The CSV's columns, in order. */
export const PAYOUTS_CSV_HEADER = [
  'payout_id',
  'affiliate_id',
  'affiliate_name',
  'amount',
  'currency',
  'status',
  'paid_at',
] as const;

/**
 * One CSV cell: quoted, and text a spreadsheet would run as a formula (a name such as
 * "=HYPERLINK(…)", or starting with + - @ | % or a tab or carriage return) prefixed with '.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r|%]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** The payouts as CSV: a header line, then one line per payout (CRLF line ends). */
export function payoutsCsv(rows: readonly PayoutCsvRow[]): string {
  const lines = rows.map((row) =>
    [
      row.id,
      row.affiliate_id,
      row.affiliate_name,
      (row.amount_cents / 100).toFixed(2),
      row.currency,
      row.status,
      row.paid_at,
    ]
      .map(csvCell)
      .join(','),
  );
  return `${[PAYOUTS_CSV_HEADER.map(csvCell).join(','), ...lines].join('\r\n')}\r\n`;
}
