/**
 * The Send form's recipients: one makes a transfer, two or more a multipayment. Pure functions, so
 * the draft the review step shows is exactly the draft that is signed.
 */
import type { DraftInput } from '../../../shared/domain/transactions';
import { parseAmountInput } from '../../lib/amount';

export interface RecipientRow {
  address: string;
  amount: string;
}

export type SendPlan =
  | { ok: true; draft: DraftInput; total: string; payments: Array<{ recipientId: string; amount: string }> }
  | { ok: false; message: string };

/** Why a typed amount cannot be sent (for the field), or undefined when it can. */
export function amountProblem(text: string, decimal: '.' | ','): string | undefined {
  const parsed = parseAmountInput(text, decimal);
  if (!parsed.ok) return parsed.message;
  return BigInt(parsed.arktoshi) > 0n ? undefined : 'Enter an amount above zero.';
}

export function planSend(
  rows: readonly RecipientRow[],
  memo: string,
  fee: string | undefined,
  decimal: '.' | ',' = '.',
): SendPlan {
  const payments: Array<{ recipientId: string; amount: string }> = [];
  for (const [i, row] of rows.entries()) {
    const which = rows.length > 1 ? ` for recipient ${i + 1}` : '';
    if (row.address.trim() === '') return { ok: false, message: `Enter the recipient address${which}.` };
    const parsed = parseAmountInput(row.amount, decimal);
    if (!parsed.ok) return { ok: false, message: `${parsed.message.replace(/\.$/, '')}${which}.` };
    if (BigInt(parsed.arktoshi) <= 0n) {
      return { ok: false, message: `Enter an amount above zero, with at most 8 decimals${which}.` };
    }
    payments.push({ recipientId: row.address.trim(), amount: parsed.arktoshi });
  }
  const first = payments[0];
  if (first === undefined) return { ok: false, message: 'Add a recipient.' };
  const extras = { ...(memo === '' ? {} : { memo }), ...(fee === undefined ? {} : { fee }) };
  const total = payments.reduce((sum, p) => sum + BigInt(p.amount), 0n).toString();
  const draft: DraftInput =
    payments.length === 1
      ? { kind: 'transfer', recipientId: first.recipientId, amount: first.amount, ...extras }
      : { kind: 'multiPayment', payments, ...extras };
  return { ok: true, draft, total, payments };
}
