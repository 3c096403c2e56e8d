// A seller's earned badges and the link to their breeder page (decision 0118): on cards, listing pages
// and the breeder page. Each badge names what was checked and when, and links to its explanation on
// /trust. Only computed badges are drawn as badges: nothing the seller typed looks like one.
import { badgeHelpPath, type BadgeView, type BreederSummary } from '#contracts/breeders.ts';
import { formatMonthYear } from '../lib/format.ts';
import './BreederBadges.css';

export function BreederBadges({ badges, detailed = false }: { badges: readonly BadgeView[]; detailed?: boolean }) {
  if (badges.length === 0) return null;
  return (
    <ul className={`breeder-badges${detailed ? ' detailed' : ''}`} aria-label="Earned badges">
      {badges.map((badge) => (
        <li key={badge.kind} className="breeder-badge">
          <a href={badgeHelpPath(badge.kind)} title={detailed ? undefined : badge.checked}>
            <span aria-hidden="true">✔</span> {badge.label}
          </a>
          {detailed ? (
            <small>
              {badge.checked}
              {badge.at ? ` Checked ${formatMonthYear(badge.at)}.` : ''}
            </small>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** "Sold by {kennel}" with the link to the breeder page, and the badges */
export function BreederLine({ breeder }: { breeder: BreederSummary | null | undefined }) {
  if (!breeder) return null;
  return (
    <div className="breeder-line">
      <p>
        Sold by <a href={`/breeders/${breeder.slug}`}>{breeder.kennelName}</a>
      </p>
      <BreederBadges badges={breeder.badges} />
    </div>
  );
}
