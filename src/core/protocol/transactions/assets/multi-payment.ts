import type { Payment } from '../types';
import type { AssetCodec } from './codec';
import { readAddress, requireAsset, writeAddress } from './codec';

/** Core type 6: `count u16 ‖ count × (amount u64 ‖ recipient 21)` (protocol reference §4.2). */
export const multiPaymentCodec: AssetCodec = {
  write(w, tx) {
    const payments = requireAsset(tx, 'payments');
    w.u16(payments.length);
    for (const payment of payments) {
      w.u64(payment.amount);
      writeAddress(w, payment.recipientId);
    }
  },
  read(r, tx, state) {
    const count = r.u16('payment count');
    const payments: Payment[] = [];
    for (let i = 0; i < count; i++) {
      const amount = r.u64(`payment ${i} amount`);
      payments.push({ amount, recipientId: readAddress(r, state, `payment ${i} recipient`) });
    }
    tx.asset = { payments };
  },
};
