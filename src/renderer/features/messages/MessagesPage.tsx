/** Messages: sign text with a wallet's key, and verify a signed message of either ARK form. */
import { SignMessage } from './SignMessage';
import { VerifyMessage } from './VerifyMessage';

export function MessagesPage() {
  return (
    <section aria-labelledby="messages-title">
      <h1 id="messages-title">Messages</h1>
      <SignMessage />
      <VerifyMessage />
    </section>
  );
}
