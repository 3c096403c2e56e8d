// The test-card hints the payment pages show outside live mode (docs/product.md §2 Checkout, Listing payment).
import { TEST_CARD_HINTS } from '#contracts/payments.ts';
import '../../styles/test-mode-notice.css';
import './TestCardHints.css';

export function TestCardHints() {
  return (
    <aside className="test-mode-notice test-card-hints" aria-labelledby="test-card-hints-title">
      <h2 id="test-card-hints-title">Test cards</h2>
      <p>No real money is charged in test mode. Use any future expiration date, any CVC and any ZIP.</p>
      <ul>
        {TEST_CARD_HINTS.map((card) => (
          <li key={card.number}>
            <code>{card.number}</code> {card.outcome}
          </li>
        ))}
      </ul>
    </aside>
  );
}
