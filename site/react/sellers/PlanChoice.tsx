// The plan choice of /sellers (docs/product.md §9): monthly by default; prices and features come from the CMS.
import type { PlanId } from '#contracts/plans.ts';
import type { SellerPlan } from '../../lib/content/types.ts';
import { dollarsToCents, formatCents } from '../../lib/format.ts';

interface Props {
  plans: SellerPlan[];
  value: PlanId;
  onChange: (plan: PlanId) => void;
}

export function PlanChoice({ plans, value, onChange }: Props) {
  return (
    <fieldset className="plan-choice">
      <legend>Choose your plan</legend>
      <p className="plan-choice-note">Every plan starts with a 7-day free trial. Nothing is charged today.</p>
      <div className="plan-options">
        {plans.map((plan) => {
          const id = `plan-${plan.planId}`;
          return (
            <div key={plan.planId} className={`plan-option${value === plan.planId ? ' selected' : ''}`}>
              <input
                type="radio"
                name="plan"
                id={id}
                value={plan.planId}
                checked={value === plan.planId}
                onChange={() => onChange(plan.planId)}
                aria-describedby={`${id}-features`}
              />
              <label htmlFor={id}>
                <strong>{plan.name}</strong>
                <span className="plan-price">
                  {formatCents(dollarsToCents(plan.price))} <small>{plan.periodLabel}</small>
                </span>
                {plan.savings && <span className="plan-savings">{plan.savings}</span>}
              </label>
              <ul id={`${id}-features`}>
                {plan.features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
