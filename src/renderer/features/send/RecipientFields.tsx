/**
 * Send's recipients: an address and an amount per row, each checked where it is typed (the address against this
 * network, the amount's form), the balance's problem under the last amount, and a row's removal in a multipayment.
 */
import { FieldError } from '../../components/FieldError';
import { AddressName } from '../contacts/AddressName';
import { CONTACT_OPTIONS_ID } from '../contacts/ContactOptions';
import { amountProblem, type RecipientRow } from './recipients';

export function RecipientFields(props: {
  rows: readonly RecipientRow[];
  edit: (i: number, change: Partial<RecipientRow>) => void;
  remove: (i: number) => void;
  recipientProblem: (address: string) => string | undefined;
  problemAt: (field: string) => string | undefined;
  /** What the total is over the balance by, said under the last amount. */
  overBalance: string | undefined;
  decimal: '.' | ',';
}) {
  const { rows, edit, remove, recipientProblem, problemAt, overBalance, decimal } = props;
  const multi = rows.length > 1;
  return rows.map((row, i) => {
    const suffix = i === 0 ? '' : ` ${i + 1}`;
    return (
      <div key={i} className="row wrap">
        <label>
          Recipient address{suffix}
          <input
            value={row.address}
            onChange={(e) => edit(i, { address: e.target.value })}
            spellCheck={false}
            size={40}
            list={CONTACT_OPTIONS_ID}
            aria-invalid={recipientProblem(row.address) !== undefined}
            required
          />
          <FieldError
            message={recipientProblem(row.address) ?? (i === 0 ? problemAt('recipientId') : undefined)}
          />
        </label>
        <AddressName address={row.address.trim()} />
        <label>
          Amount{suffix}
          <input
            value={row.amount}
            onChange={(e) => edit(i, { amount: e.target.value })}
            inputMode="decimal"
            placeholder={`0${decimal}0`}
            aria-invalid={row.amount.trim() !== '' && amountProblem(row.amount, decimal) !== undefined}
            required
          />
          <FieldError message={row.amount.trim() === '' ? undefined : amountProblem(row.amount, decimal)} />
          <FieldError message={i === rows.length - 1 ? (overBalance ?? problemAt('amount')) : undefined} />
        </label>
        {multi && (
          <button type="button" onClick={() => remove(i)}>
            Remove recipient{suffix || ' 1'}
          </button>
        )}
      </div>
    );
  });
}
